/**
 * The visitor site at 390×844 and 1366×900, against the real server with demo data: the search kept in the
 * address (typing, reload, Back, a shared link, the server's first paint), Near me on a phone, the filter row
 * with every control open, page titles, a page of cards rendered as the visitor nears it with Popular Events
 * above on a phone, and Near me saying why it failed. Screenshots go to EVENTLY_SHOTS when it is set.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, openPage, startHomeHarness, type ApiEvent, type HomeHarness } from './home-harness.ts';
import { gotoStarted, waitForSettled } from './settle.ts';
import { displayTitle } from '../src/lib/format/event.ts';

const DESKTOP = { width: 1366, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;
const SIZES = [
  ['1366×900', DESKTOP],
  ['390×844', PHONE],
] as const;

interface FilterOptions {
  categories: string[];
  countries: string[];
  citiesByCountry: Record<string, string[]>;
}

let harness: HomeHarness;
let options: FilterOptions;
let anchor: ApiEvent;

beforeAll(async () => {
  harness = await startHomeHarness();
  options = await apiJson<FilterOptions>(harness, '/api/events/filters');
  anchor = (await apiJson<{ data: ApiEvent[] }>(harness, '/api/events?per_page=50')).data.find(
    (event) => event.latitude !== null && event.longitude !== null,
  )!;
});

afterAll(async () => {
  await harness?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  const directory = process.env.EVENTLY_SHOTS;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: path.join(directory, `${name}.png`) });
}

async function open(
  viewport: { width: number; height: number },
  address = '/',
  extra: BrowserContextOptions = {},
): Promise<Page> {
  const phone = viewport.width < 768;
  const { page } = await openPage(harness, { viewport, isMobile: phone, hasTouch: phone, ...extra });
  await gotoStarted(page, `${harness.server.url}${address}`);
  await waitForSettled(page);
  return page;
}

function search(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** The filter controls live in a sheet on phones: opens it when it is there. */
async function filterControls(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if (await toggle.isVisible()) await toggle.click();
}

async function closeFilterSheet(page: Page): Promise<void> {
  const done = page.getByRole('button', { name: 'Show results' });
  if (await done.isVisible()) await done.click();
}

/** Whether a control is wholly on screen and is what a click at its centre reaches. */
async function reachable(control: Locator, viewport: { width: number; height: number }): Promise<boolean> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box || box.x < 0 || box.x + box.width > viewport.width) return false;
  return control.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && (hit === element || element.contains(hit) || hit.contains(element));
  });
}

describe('the search in the address', () => {
  it.each(SIZES)(
    'at %s: typing replaces, a choice pushes, reload restores, Back and Forward walk the searches',
    async (size, viewport) => {
      const page = await open(viewport);
      const category = options.categories[0]!;
      await page.getByLabel('Keyword').pressSequentially('jaz', { delay: 20 });
      await expect.poll(() => search(page).get('keyword')).toBe('jaz');
      await page.getByLabel('Keyword').pressSequentially('z', { delay: 20 });
      await expect.poll(() => search(page).get('keyword')).toBe('jazz');
      const typedEntries = await page.evaluate(() => history.length);

      await filterControls(page);
      await page.getByLabel('Category', { exact: true }).selectOption(category);
      await closeFilterSheet(page);
      await expect.poll(() => search(page).get('category')).toBe(category);
      // A choice is a new entry; the typing made one entry for the whole word.
      expect(await page.evaluate(() => history.length)).toBe(typedEntries + 1);
      await shot(page, `search-address-${size}`);

      // A chip's remove button is a 44 px target (drawn as a small circle).
      const remove = (await page.getByRole('button', { name: `Remove Category: ${category}` }).boundingBox())!;
      expect(remove.width).toBeGreaterThanOrEqual(44);
      expect(remove.height).toBeGreaterThanOrEqual(44);

      await page.reload();
      await page.waitForSelector('html[data-client="ready"]', { state: 'attached' });
      await waitForSettled(page);
      expect(await page.getByLabel('Keyword').inputValue()).toBe('jazz');
      await page.getByRole('button', { name: `Remove Category: ${category}` }).waitFor();

      await page.goBack();
      await expect.poll(() => search(page).get('category')).toBeNull();
      expect(search(page).get('keyword')).toBe('jazz');
      await expect.poll(() => page.getByRole('button', { name: `Remove Category: ${category}` }).count()).toBe(0);
      expect(await page.getByLabel('Keyword').inputValue()).toBe('jazz');

      await page.goBack();
      await expect.poll(() => page.url()).toBe(`${harness.server.url}/`);
      await expect.poll(() => page.getByLabel('Keyword').inputValue()).toBe('');

      await page.goForward();
      await expect.poll(() => page.getByLabel('Keyword').inputValue()).toBe('jazz');
      await page.context().close();
    },
  );

  it.each(SIZES)(
    'at %s: a shared address opens on its search, server-rendered, and the client keeps it without asking again',
    async (size, viewport) => {
      const [country, cities] = Object.entries(options.citiesByCountry).find(([, list]) => list.length > 0)!;
      const shared = new URLSearchParams({ country, city: cities[0]!, sort: 'name', order: 'desc' });
      const expected = await apiJson<{ data: ApiEvent[]; pagination: { total: number } }>(
        harness,
        `/api/events?per_page=100&country=${encodeURIComponent(country)}&city=${encodeURIComponent(cities[0]!)}&sort_by=name&sort_order=desc`,
      );

      // Before any script: the server's first paint is already this search.
      const { page: bare } = await openPage(harness, { viewport, javaScriptEnabled: false });
      await bare.goto(`${harness.server.url}/?${shared}`);
      await expect(bare.locator('.event-card__title').first().textContent()).resolves.toBe(
        displayTitle(expected.data[0]!),
      );
      await expect(bare.getByTestId('count-line').textContent()).resolves.toContain(String(expected.pagination.total));
      await bare.context().close();

      const { page } = await openPage(harness, { viewport, isMobile: viewport.width < 768 });
      const requests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/events') requests.push(request.url());
      });
      await gotoStarted(page, `${harness.server.url}/?${shared}`);
      await waitForSettled(page);
      await page.getByRole('button', { name: `Remove City: ${cities[0]}` }).waitFor();
      expect(await page.locator('.event-card__title').first().textContent()).toBe(displayTitle(expected.data[0]!));
      expect(requests).toEqual([]);
      expect(Object.fromEntries(search(page))).toEqual(Object.fromEntries(shared));
      await shot(page, `shared-address-${size}`);
      await page.context().close();
    },
  );

  it('opens /?keyword=… on that keyword, and a map view address on the map', async () => {
    const word = anchor.name.split(' ')[0]!;
    const page = await open(DESKTOP, `/?keyword=${encodeURIComponent(word)}&view=map`);
    expect(await page.getByLabel('Keyword').inputValue()).toBe(word);
    await page.locator('.leaflet-container').waitFor();
    expect(await page.getByRole('button', { name: 'Map', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });
});

describe('Near me on a phone', () => {
  it.each(SIZES)('at %s its panel is on screen and every control in it can be reached', async (size, viewport) => {
    const page = await open(viewport, '/', {
      permissions: ['geolocation'],
      geolocation: { latitude: anchor.latitude!, longitude: anchor.longitude! },
    });
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText(/Showing events within 25 km of your location/).waitFor();
    await page.getByRole('dialog', { name: 'Distance & Privacy' }).waitFor();
    // The panel stays open over the results; on the map view the map moved under it.
    const panel = page.locator('.near-me .popover__panel');
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await shot(page, `near-me-${size}`);
    for (const control of [
      page.getByRole('button', { name: 'Use my location' }),
      page.getByRole('button', { name: 'Use IP fallback' }),
      page.getByRole('button', { name: 'Refetch' }),
      page.getByLabel('Radius (km)'),
      page.getByLabel('Radius in kilometres'),
      page.getByText('Privacy note'),
      page.getByRole('button', { name: 'Got it' }),
    ]) {
      expect(await reachable(control, viewport)).toBe(true);
    }
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('dialog', { name: 'Distance & Privacy' }).waitFor({ state: 'detached' });
    expect(search(page).get('near')).toBe(
      `${anchor.latitude!.toFixed(3).replace(/\.?0+$/, '')},${anchor.longitude!.toFixed(3).replace(/\.?0+$/, '')}`,
    );
    await page.context().close();
  });

  it.each(SIZES)(
    'at %s a refused permission is named with how to allow it, and the IP lookup says why it found nothing',
    async (size, viewport) => {
      // No permission granted: Chromium refuses the page's request; the test server sees a loopback address.
      const page = await open(viewport);
      await page.getByRole('button', { name: 'Near me' }).click();
      await page.getByRole('button', { name: 'Use my location' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Location permission was refused.' });
      await alert.waitFor();
      const text = (await alert.textContent()) ?? '';
      expect(text).toContain('set Location to Allow');
      expect(text).toContain('IP lookup failed: your connection comes from a private or local network address');
      expect(await reachable(page.getByRole('button', { name: 'Retry browser' }), viewport)).toBe(true);
      expect(await reachable(page.getByRole('button', { name: 'Try IP' }), viewport)).toBe(true);
      await shot(page, `near-me-refused-${size}`);
      await page.context().close();
    },
  );
});

describe('the filter row with every control open', () => {
  it.each([1280, 1366, 1440])(
    'at %i wide it keeps one row, cuts no label and no popover covers a control',
    async (width) => {
      const viewport = { width, height: 900 };
      const page = await open(viewport, '/', {
        permissions: ['geolocation'],
        geolocation: { latitude: anchor.latitude!, longitude: anchor.longitude! },
      });
      const longest = [...options.categories].sort((a, b) => b.length - a.length)[0]!;
      await page.getByRole('button', { name: 'Near me' }).click();
      await page.getByRole('button', { name: 'Use my location' }).click();
      await page.getByRole('button', { name: /^Near me: Within/ }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByLabel('Category', { exact: true }).selectOption(longest);
      await page.getByLabel('Date', { exact: true }).selectOption('custom');
      await page.getByLabel('Start date').fill('2026-12-01');
      await page.getByLabel('End date').fill('2026-12-24');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Price: Any price' }).click();
      await page.getByLabel('Min price (USD)').fill('10');
      await page.getByLabel('Max price (USD)').fill('80');
      await waitForSettled(page);

      const controls = page.locator('.filter-panel__bar > .filter-sheet > .filter-sheet__body > .field');
      const fields = await controls.evaluateAll((nodes) =>
        nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect),
      );
      await shot(page, `filter-row-${width}`);
      // Country, city, category, date, custom dates, price and sort on one row: they share their bottom line.
      expect(fields).toHaveLength(7);
      for (const box of fields) expect(Math.round(box.bottom)).toBe(Math.round(fields[0]!.bottom));
      // Near me sits beside Search, above that row, wholly on screen.
      const nearMe = (await page.locator('.filter-panel__near-me').boundingBox())!;
      const submit = (await page.getByRole('button', { name: 'Search', exact: true }).boundingBox())!;
      expect(Math.abs(nearMe.y + nearMe.height / 2 - (submit.y + submit.height / 2))).toBeLessThan(2);
      expect(nearMe.x + nearMe.width).toBeLessThanOrEqual(width);
      const boxes = [...fields, nearMe];

      // A select's own text is cut when it is wider than the box less its arrow; so are the popover buttons' labels.
      const cut = await page.evaluate(() => {
        const canvas = document.createElement('canvas').getContext('2d')!;
        const problems: string[] = [];
        for (const select of document.querySelectorAll<HTMLSelectElement>('.filter-panel__bar select')) {
          const style = getComputedStyle(select);
          canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const text = select.selectedOptions[0]?.text ?? '';
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
          if (canvas.measureText(text).width > room) problems.push(text);
        }
        for (const label of document.querySelectorAll<HTMLElement>('.filter-panel__bar .popover__label')) {
          if (label.scrollWidth > label.clientWidth + 1) problems.push(label.textContent ?? '');
        }
        return problems;
      });
      expect(cut).toEqual([]);

      // The open price panel lies below the row: it covers none of the bar's controls.
      const price = (await page.locator('.filter-panel__price .popover__panel').boundingBox())!;
      for (const box of boxes) expect(price.y).toBeGreaterThanOrEqual(box.y + box.height);
      await page.context().close();
    },
  );
});

describe("the map's debug overlay", () => {
  it.each(SIZES)(
    'at %s is one line that follows every zoom, and stays hidden once a visitor hides it',
    async (size, viewport) => {
      const page = await open(viewport, '/?view=map');
      const overlay = page.getByTestId('map-debug');
      await overlay.waitFor();
      const zoom = async () => Number(await overlay.locator('dd').first().textContent());
      const before = await zoom();
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(zoom).toBe(before + 1);
      const box = (await overlay.boundingBox())!;
      expect(box.height).toBeLessThan(40);
      await overlay.scrollIntoViewIfNeeded();
      await shot(page, `map-debug-${size}`);

      await page.getByRole('button', { name: 'Hide map debug info' }).click();
      await expect.poll(() => overlay.count()).toBe(0);
      await page.reload();
      await page.locator('.leaflet-container').waitFor();
      await page.getByRole('button', { name: 'Show map debug info' }).waitFor();
      expect(await overlay.count()).toBe(0);
      await page.context().close();
    },
  );
});

describe('titles', () => {
  it.each([
    ['/reviews', 'Event Reviews | Evently'],
    ['/reviews/write', 'Write a Review | Evently'],
    ['/reviews/thanks', 'Thank You | Evently'],
    ['/no/such/page', '/no/such/page | Evently'],
  ])('%s is titled %s, by the server and after the client starts', async (address, title) => {
    const page = await open(DESKTOP, address);
    expect(await page.title()).toBe(title);
    await page.context().close();
  });

  it('a blog post keeps its own title once the client starts', async () => {
    const { posts } = await apiJson<{ posts: Array<{ slug: string; title: string }> }>(harness, '/api/blog/posts');
    const post = posts[0]!;
    const page = await open(PHONE, `/blog/${post.slug}`);
    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
    expect(await page.title()).toBe(`${post.title} | Evently`);
    await page.context().close();
  });
});

describe('a page of cards on a phone', () => {
  it.each(SIZES)(
    'at %s renders a few screens of the 100 at first, the rest as the visitor nears them, then Load More',
    async (size, viewport) => {
      const page = await open(viewport);
      const count = await page.getByTestId('count-line').textContent();
      expect(count).toMatch(/^100 of \d+ events shown$/);
      const first = await page.locator('.event-card').count();
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThan(100);
      const { height, width } = await page.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        width: document.documentElement.scrollWidth,
      }));
      expect(height).toBeLessThan(20_000);
      // Nothing (the Popular strip's scroller included) widens the page beyond the screen.
      expect(width).toBeLessThanOrEqual(viewport.width);
      expect(await page.getByRole('button', { name: /^Load More/ }).count()).toBe(0);

      // Popular Events: beside the list on a wide screen, in a strip above it on a phone.
      const popular = page.getByRole('complementary', { name: 'Popular Events' });
      await popular.waitFor();
      const popularTop = (await popular.boundingBox())!.y;
      const firstCardTop = (await page.locator('.event-card').first().boundingBox())!.y;
      if (viewport === PHONE) expect(popularTop).toBeLessThan(firstCardTop);
      expect(popularTop).toBeLessThan(viewport.height * 1.5);
      await shot(page, `cards-top-${size}`);

      while ((await page.getByRole('button', { name: /^Load More/ }).count()) === 0) {
        await page.mouse.wheel(0, 4000);
        await page.waitForTimeout(50);
      }
      expect(await page.locator('.event-card').count()).toBe(100);
      expect(await page.getByTestId('count-line').textContent()).toBe(count);
      const loadMore = page.getByRole('button', { name: /^Load More \(\d+ remaining\)$/ });
      await loadMore.waitFor();
      await loadMore.scrollIntoViewIfNeeded();
      await shot(page, `cards-end-${size}`);
      await page.context().close();
    },
  );

  it('Tab walks on from the last rendered card to the next one, not past the unrendered ones', async () => {
    const page = await open(PHONE);
    const rendered = await page.locator('.event-card').count();
    const lastLink = page
      .locator('.event-grid__item')
      .nth(rendered - 1)
      .locator('a')
      .first();
    await lastLink.focus();
    // Tab through the last rendered card's controls until focus leaves it.
    for (let step = 0; step < 10; step += 1) {
      const inside = await page.evaluate(
        (index) => document.activeElement?.closest('[data-index]')?.getAttribute('data-index') === String(index),
        rendered - 1,
      );
      if (!inside) break;
      await page.keyboard.press('Tab');
    }
    const landed = await page.evaluate(() =>
      document.activeElement?.closest('[data-index]')?.getAttribute('data-index'),
    );
    expect(landed).toBe(String(rendered));
    await page.context().close();
  });
});
