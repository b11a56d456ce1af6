/**
 * Decision 025 in a real browser against the real server with demo data: home and event pages arrive
 * server-rendered, so a visitor sees results before any script has run; the client starts after that first
 * paint and hydrates the markup with the server's answers instead of asking again, and a visitor whose stored location changes
 * the landing query still gets their own results.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, openPage, startHomeHarness, type ApiEvent, type HomeHarness } from './home-harness.ts';
import { gotoStarted, waitForSettled } from './settle.ts';
import { displayTitle } from '../src/lib/format/event.ts';

const DESKTOP = { width: 1366, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;
// Headless Chromium names itself HeadlessChrome, which reads as a robot; a person's browser does not.
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let harness: HomeHarness;

beforeAll(async () => {
  harness = await startHomeHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** A page that runs no script at all: what the server's HTML and the stylesheets paint by themselves. */
async function openWithoutScripts(path: string, viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await openPage(harness, { viewport, javaScriptEnabled: false });
  await page.goto(`${harness.server.url}${path}`);
  return page;
}

function crawlerGet(path: string): Promise<Response> {
  return fetch(new URL(path, harness.server.url), { headers: { 'User-Agent': GOOGLEBOT } });
}

/** Every /api/events list request the browser makes. */
function listRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') seen.push(request.url());
  });
  return seen;
}

describe('server-rendered first paint (decision 025)', () => {
  it.each([
    ['1366×900', DESKTOP, 3],
    ['390×844', PHONE, 1],
  ] as const)('home shows its first row of events at %s before any script runs', async (_size, viewport, perRow) => {
    const page = await openWithoutScripts('/', viewport);
    await expect(page.getByRole('heading', { level: 1, name: 'Discover Amazing Events' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByTestId('count-line').textContent()).resolves.toMatch(/^100 of \d+ events shown$/);
    const cards = page.locator('.event-card');
    const firstRow = await Promise.all(
      Array.from({ length: perRow }, (_, index) => cards.nth(index).locator('.event-card__title').boundingBox()),
    );
    for (const box of firstRow) {
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
    }
    await page.context().close();
  });

  it('an event page shows its title, date and Get Tickets before any script runs', async () => {
    const [event] = (await apiJson<{ data: ApiEvent[] }>(harness, '/api/events?per_page=1')).data;
    const page = await openWithoutScripts(`/event/${event!.id}`, PHONE);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(displayTitle(event!));
    await expect(page.getByRole('complementary', { name: 'Get Tickets' }).isVisible()).resolves.toBe(true);
    // The page's own stylesheet wins over the shared image frame's, as in the client: a 5:2 hero, not 4:3.
    const hero = await page.locator('.event-details__image').boundingBox();
    expect(hero!.width / hero!.height).toBeCloseTo(2.5, 1);
    await page.context().close();
  });

  it.each([
    ['home', '1366×900', '/', DESKTOP],
    ['home', '390×844', '/', PHONE],
    ['an event page', '390×844', 'event', PHONE],
  ] as const)(
    'on %s at %s the client starts after the first paint, adopts the markup without asking again, and logs nothing',
    async (_page, _size, path, viewport) => {
      const [event] = (await apiJson<{ data: ApiEvent[] }>(harness, '/api/events?per_page=1')).data;
      const { page } = await openPage(harness, {
        viewport,
        isMobile: viewport === PHONE,
        hasTouch: viewport === PHONE,
      });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const requests = listRequests(page);
      // When the loader adds the entry's script, against the browser's own first contentful paint.
      await page.addInitScript(() => {
        new MutationObserver((changes, observer) => {
          const added = changes.some((change) =>
            [...change.addedNodes].some((node) => node instanceof HTMLScriptElement && node.type === 'module'),
          );
          if (!added) return;
          (window as unknown as { entryStartedAt: number }).entryStartedAt = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      const url = path === 'event' ? `${harness.server.url}/event/${event!.id}` : `${harness.server.url}${path}`;
      // The server's first card or title, to tell whether the client kept it or built its own.
      await page.goto(url, { waitUntil: 'commit' });
      const serverNode = await page.waitForSelector(path === 'event' ? 'h1' : '.event-card');
      await page.waitForSelector('html[data-client="ready"]', { state: 'attached' });
      await waitForSettled(page);
      const { firstPaint, entryStartedAt } = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        entryStartedAt: (window as unknown as { entryStartedAt?: number }).entryStartedAt ?? Number.NaN,
      }));
      expect(firstPaint).toBeLessThan(entryStartedAt);
      await expect(serverNode.evaluate((node) => node.isConnected)).resolves.toBe(true);
      expect(problems).toEqual([]);
      if (path === '/') {
        // The first cards render at once and the rest of the page of 100 as the visitor scrolls towards them
        // (their remote images, refused here, then start to load: what the page logged before is checked above).
        const first = await page.locator('.event-card').count();
        expect(first).toBeLessThan(100);
        await expect
          .poll(async () => {
            await page.mouse.wheel(0, 5000);
            return page.locator('.event-card').count();
          })
          .toBe(100);
        expect(requests).toEqual([]);
      }
      await page.context().close();
    },
  );

  it("a person's visit to an event page counts one view, a crawler's none: popularity ranks by views", async () => {
    const [event] = (await apiJson<{ data: ApiEvent[] }>(harness, '/api/events?per_page=1')).data;
    // Read with a crawler's name, so that reading the count does not move it.
    const views = async () =>
      (
        await crawlerGet(`/api/events/${event!.id}`).then(
          (response) => response.json() as Promise<{ view_count: number }>,
        )
      ).view_count;
    const before = await views();

    const { page } = await openPage(harness, { viewport: DESKTOP, userAgent: PERSON });
    await page.goto(`${harness.server.url}/event/${event!.id}`);
    await page.waitForSelector('html[data-client="ready"]', { state: 'attached' });
    await waitForSettled(page);
    await page.context().close();
    // The server's first paint asked for the event on the person's behalf; the client adopted that answer.
    // Views reach the store in the next activity flush, not in the page's request.
    await expect.poll(views, { timeout: 5_000 }).toBe(before + 1);

    const crawled = await crawlerGet(`/event/${event!.id}`);
    expect(crawled.status).toBe(200);
    expect(await crawled.text()).toContain('event-details');
    expect(await views()).toBe(before + 1);
  });

  it("a visitor with a stored location gets the client's own results, sorted by distance", async () => {
    const { page } = await openPage(harness, { viewport: DESKTOP });
    await page.addInitScript(() => {
      const stored = { lat: 51.507351, lon: -0.127758, source: 'browser', timestamp: Date.now(), radius_km: 100 };
      localStorage.setItem('evently.nearby_location.v1', JSON.stringify(stored));
    });
    const requests = listRequests(page);
    await gotoStarted(page, harness.server.url);
    await waitForSettled(page);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!).searchParams.get('sort_by')).toBe('distance');
    await expect(page.getByLabel('Sort by', { exact: true }).inputValue()).resolves.toBe('distance');
    await page.context().close();
  });
});
