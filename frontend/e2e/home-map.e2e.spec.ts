import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiJson,
  nextEventsQuery,
  openPage,
  startHomeHarness,
  type ApiEvent,
  type HomeHarness,
} from './home-harness.ts';
import { gotoStarted } from './settle.ts';

let harness: HomeHarness;
let anchor: ApiEvent;

beforeAll(async () => {
  harness = await startHomeHarness();
  anchor = (await apiJson<{ data: ApiEvent[] }>(harness, '/api/events?per_page=50')).data.find(
    (event) => event.latitude !== null && event.longitude !== null,
  )!;
});

afterAll(async () => {
  await harness?.close();
});

async function debugZoom(page: Page): Promise<number> {
  return Number(await page.getByTestId('map-debug').locator('dd').first().textContent());
}

async function openMap(page: Page): Promise<void> {
  await gotoStarted(page, `${harness.server.url}/?mode=map`);
  await page.locator('.leaflet-container').waitFor();
}

describe('home map in a real browser', () => {
  it('expands a marker cluster when it is clicked', async () => {
    const { page, context } = await openPage(harness);
    await openMap(page);
    await page.locator('.marker-cluster').first().waitFor({ state: 'attached' });
    await page.locator('.leaflet-container').scrollIntoViewIfNeeded();
    // Leaflet also renders clusters just outside the visible map; pick one inside the map's frame.
    const frame = (await page.locator('.leaflet-container').boundingBox())!;
    const boxes = await page
      .locator('.marker-cluster')
      .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect));
    const inside = boxes.find(
      (box) =>
        box.left > frame.x + 50 &&
        box.right < frame.x + frame.width - 50 &&
        box.top > frame.y + 50 &&
        box.bottom < frame.y + frame.height - 120,
    );
    expect(inside).toBeDefined();
    const before = { zoom: await debugZoom(page), markers: await page.locator('.event-marker').count() };
    await page.mouse.click(inside!.left + inside!.width / 2, inside!.top + inside!.height / 2);
    // A cluster expands by zooming in, or, when its events sit together below the clustering cut-off, by
    // spreading its markers out (spiderfy): either way more of it becomes visible.
    await page.waitForFunction(
      ({ zoom, markers }) =>
        Number(document.querySelector('[data-testid="map-debug"] dd')?.textContent) > zoom ||
        document.querySelectorAll('.event-marker').length > markers,
      before,
    );
    const after = { zoom: await debugZoom(page), markers: await page.locator('.event-marker').count() };
    expect(after.zoom > before.zoom || after.markers > before.markers).toBe(true);
    await context.close();
  });

  it('uses the browser location when granted: distance sort, radius in the query, back to date sort on Clear', async () => {
    const { page, context } = await openPage(harness, {
      permissions: ['geolocation'],
      geolocation: { latitude: anchor.latitude!, longitude: anchor.longitude! },
    });
    await gotoStarted(page, harness.server.url);
    await page.locator('.event-card').first().waitFor();
    // Nearby lives in the compact 'Near me' control of the search bar (issue 17).
    await page.getByRole('button', { name: 'Near me' }).click();
    const query = await nextEventsQuery(page, () => page.getByRole('button', { name: 'Use my location' }).click());
    expect(Number(query.get('latitude'))).toBeCloseTo(anchor.latitude!, 4);
    expect(query.get('nearby_radius_km')).toBe('25');
    expect(query.get('sort_by')).toBe('distance');
    await page.getByText('Showing events within 25 km of your location.').waitFor();
    await page.locator('.leaflet-container').waitFor();
    await page.locator('.user-marker').waitFor();
    await page.getByRole('dialog', { name: 'Distance & Privacy' }).waitFor();
    expect(await page.getByLabel('Sort by').inputValue()).toBe('distance');
    const stored = await page.evaluate(
      () => Object.entries(localStorage).find(([key]) => key.includes('location'))?.[1],
    );
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ source: 'browser', radius_km: 25 });

    const radius = await nextEventsQuery(page, () => page.getByLabel('Radius in kilometres').fill('40'));
    expect(radius.get('nearby_radius_km')).toBe('40');

    // The query after Clear equals the first one, so RTK Query may answer it from its cache without a request.
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.locator('.user-marker').waitFor({ state: 'detached' });
    expect(await page.getByLabel('Sort by').inputValue()).toBe('date');
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.includes('location')))).toBe(false);
    await context.close();
  });

  it('falls back to the IP lookup when the browser location is denied, and reports an IP failure', async () => {
    const { page, context } = await openPage(harness);
    let ipAnswer: (route: Route) => Promise<void> = (route) =>
      route.fulfill({
        json: { latitude: anchor.latitude, longitude: anchor.longitude, meta: { source: 'stub', cached: false } },
      });
    await page.route('**/api/geo/ip', (route) => ipAnswer(route));
    await gotoStarted(page, harness.server.url);
    await page.locator('.event-card').first().waitFor();

    await page.getByRole('button', { name: 'Near me' }).click();
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText('Showing events within 25 km of your approximate (IP) location.').waitFor();

    await page.getByRole('button', { name: 'Clear' }).click();
    ipAnswer = (route) => route.fulfill({ status: 503, json: { error: 'unavailable' } });
    await page.getByRole('button', { name: 'Use IP fallback' }).click();
    await page.getByRole('alert').filter({ hasText: 'IP lookup failed' }).waitFor();
    await page.getByRole('button', { name: 'Retry browser' }).waitFor();
    ipAnswer = (route) => route.fulfill({ json: { latitude: anchor.latitude } });
    await page.getByRole('button', { name: 'Try IP' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid IP response' }).waitFor();
    await context.close();
  });

  it("sends the map bounds while 'Only in view' is on and remembers the choice", async () => {
    const { page, context } = await openPage(harness);
    await openMap(page);
    const query = await nextEventsQuery(page, () => page.getByRole('checkbox', { name: 'Only in view' }).check());
    expect(query.get('only_in_view')).toBe('true');
    for (const name of ['min_lat', 'max_lat', 'min_lon', 'max_lon'])
      expect(Number.isFinite(Number(query.get(name)))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('only_in_view'))).toBe('true');

    const zoomed = await nextEventsQuery(page, () => page.locator('.leaflet-control-zoom-in').click());
    expect(Number(zoomed.get('max_lat')) - Number(zoomed.get('min_lat'))).toBeLessThan(
      Number(query.get('max_lat')) - Number(query.get('min_lat')),
    );

    await openMap(page);
    expect(await page.getByRole('checkbox', { name: 'Only in view' }).isChecked()).toBe(true);
    await context.close();
  });

  it("loads all events for the map in pages of 1000 (page 1, then each answer's cursor), and can abort and resume", async () => {
    const { page, context } = await openPage(harness);
    // `page=1/1000` for the first page, `cursor/1000` for the others, with every cursor asked for.
    const pagesAsked: string[] = [];
    const cursorsAsked: string[] = [];
    let hold = true;
    await page.route(/\/api\/events\?.*fields=map_basic/, async (route) => {
      const url = new URL(route.request().url());
      const cursor = url.searchParams.get('cursor');
      pagesAsked.push(
        `${cursor === null ? `page=${url.searchParams.get('page')}` : 'cursor'}/${url.searchParams.get('per_page')}`,
      );
      if (cursor !== null) cursorsAsked.push(cursor);
      // Holding the second page (the first asked by cursor) gives the test time to press Abort mid-load.
      while (hold && cursor !== null && cursor === cursorsAsked[0])
        await new Promise((resolve) => setTimeout(resolve, 50));
      await route.continue().catch(() => undefined);
    });
    await openMap(page);
    await page.getByRole('checkbox', { name: 'Show all events (map)' }).check();
    const progress = page.getByTestId('map-load-progress');
    // Page 1 has arrived (events without coordinates are not kept, so the count may be under 1000).
    await progress.filter({ hasText: /Loading map events: [1-9]\d* of \d+/ }).waitFor();
    await page
      .getByTestId('count-line')
      .filter({ hasText: /^[1-9]\d*\/\d+ loaded$/ })
      .waitFor();
    await progress.getByRole('button', { name: 'Abort' }).click();
    await progress.filter({ hasText: /Map loading aborted at [1-9]\d* of \d+/ }).waitFor();

    hold = false;
    await progress.getByRole('button', { name: 'Resume' }).click();
    await progress.filter({ hasText: /All \d+ map events loaded/ }).waitFor();
    const total = (await apiJson<{ pagination: { total: number } }>(harness, '/api/events?per_page=1')).pagination
      .total;
    expect(pagesAsked[0]).toBe('page=1/1000');
    expect(pagesAsked.slice(1).every((entry) => entry === 'cursor/1000')).toBe(true);
    // The resume asked again for the page the abort cut off, by the same cursor, then went on.
    expect(cursorsAsked.filter((cursor) => cursor === cursorsAsked[0]).length).toBe(2);
    expect(new Set(cursorsAsked).size).toBe(cursorsAsked.length - 1);
    expect(pagesAsked.length).toBe(Math.ceil(total / 1000) + 1);

    await page.getByRole('checkbox', { name: 'Show all events (map)' }).uncheck();
    expect(await progress.count()).toBe(0);
    await context.close();
  });

  it("aborts the map load when 'Show all events (map)' is switched off", async () => {
    const { page, context } = await openPage(harness);
    let released = false;
    const failures: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().includes('fields=map_basic')) failures.push(request.failure()?.errorText ?? '');
    });
    await page.route(/\/api\/events\?.*fields=map_basic/, async (route) => {
      while (!released) await new Promise((resolve) => setTimeout(resolve, 50));
      await route.continue().catch(() => undefined);
    });
    await openMap(page);
    await page.getByRole('checkbox', { name: 'Show all events (map)' }).check();
    await page.getByTestId('map-load-progress').waitFor();
    await page.getByRole('checkbox', { name: 'Show all events (map)' }).uncheck();
    await page.waitForFunction(() => !document.querySelector('[data-testid="map-load-progress"]'));
    released = true;
    // The aborted request is reported once the held route lets it go: wait for that report, not a fixed pause.
    await expect.poll(() => failures.length).toBeGreaterThan(0);
    await context.close();
  });
});
