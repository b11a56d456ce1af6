/**
 * Issue 17 in a real browser against the real server with demo data: results above the fold at desktop and
 * phone sizes, the phone filter sheet, the sticky buy bar and Get Tickets card, venue-local times, the map's
 * default view, a fetched focus name, chip-removal focus, the empty state, no HydrateFallback warning, and axe
 * on the new surfaces (phone sheet, dark theme).
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, openPage, startHomeHarness, type ApiEvent, type HomeHarness } from './home-harness.ts';
import { seriousAxeViolations } from './axe.ts';
import { gotoStarted, waitForSettled } from './settle.ts';
import { formatEventTime } from '../src/lib/format/date.ts';
import { displayTitle } from '../src/lib/format/event.ts';

interface ZonedEvent extends ApiEvent {
  date: string;
  timezone: string | null;
}

const DESKTOP = { width: 1366, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;
const PHONE_OPTIONS: BrowserContextOptions = { viewport: PHONE, isMobile: true, hasTouch: true, bypassCSP: true };

let harness: HomeHarness;

beforeAll(async () => {
  harness = await startHomeHarness();
});

afterAll(async () => {
  await harness?.close();
});

async function openHome(options: BrowserContextOptions, path = '/'): Promise<Page> {
  const { page } = await openPage(harness, options);
  await gotoStarted(page, `${harness.server.url}${path}`);
  await page.locator('.event-card').first().waitFor();
  // The filter options, the popular list and (split view) the map arrive after the first card: measurements and
  // axe look at the loaded page.
  await waitForSettled(page);
  return page;
}

describe('results first', () => {
  it('shows the first row of event cards in full without scrolling at 1366x900', async () => {
    const page = await openHome({ viewport: DESKTOP });
    const boxes = await page
      .locator('.event-grid > li')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    const firstRow = boxes.filter((box) => Math.abs(box.top - boxes[0]!.top) < 2);
    expect(firstRow.length).toBeGreaterThanOrEqual(2);
    for (const box of firstRow) expect(box.bottom).toBeLessThanOrEqual(DESKTOP.height);
    await page.context().close();
  });

  it("shows the first card's title and date without scrolling at 390x844", async () => {
    const page = await openHome(PHONE_OPTIONS);
    const card = page.locator('.event-card').first();
    for (const part of ['.event-card__title', '.event-card__date']) {
      const box = (await card.locator(part).boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    await page.context().close();
  });

  it('opens every filter in a sheet on phones and counts the active filters on the Filters button', async () => {
    const page = await openHome(PHONE_OPTIONS);
    expect(await page.getByLabel('Country', { exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    await waitForSettled(page);
    for (const label of ['Country', 'City', 'Category', 'Date', 'Sort by', 'Min price (USD)', 'Max price (USD)']) {
      expect(await sheet.getByLabel(label, { exact: true }).isVisible()).toBe(true);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    const category = (await sheet.getByLabel('Category', { exact: true }).locator('option').nth(1).textContent())!;
    await sheet.getByLabel('Category', { exact: true }).selectOption(category);
    await sheet.getByLabel('Min price (USD)').fill('5');
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByTestId('active-filter-count').filter({ hasText: '2' }).waitFor();
    expect(await page.getByRole('button', { name: 'Filters 2 active' }).count()).toBe(1);
    await page.context().close();
  });

  it('keeps price and Buy Tickets in a bar on phones, and the Get Tickets card in view on desktop', async () => {
    const [event] = (await apiJson<{ data: ApiEvent[] }>(harness, '/api/events?per_page=1')).data;
    const phone = (await openPage(harness, PHONE_OPTIONS)).page;
    await gotoStarted(phone, `${harness.server.url}/event/${event!.id}`);
    const bar = phone.getByRole('region', { name: 'Buy tickets' });
    await bar.waitFor();
    // The wheel does not wait for the scroll it causes: wait until the page has scrolled and stopped (the same
    // position on two polls, a frame apart).
    await phone.mouse.wheel(0, 1500);
    await phone.waitForFunction(() => {
      const state = window as unknown as { e2eLastScrollY?: number };
      const stopped = window.scrollY > 0 && state.e2eLastScrollY === window.scrollY;
      state.e2eLastScrollY = window.scrollY;
      return stopped;
    });
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(PHONE.height + 1);
    expect(barBox.y).toBeGreaterThan(PHONE.height - 120);
    expect(await bar.getByRole('button', { name: 'Buy Tickets' }).isVisible()).toBe(true);
    await phone.context().close();

    const desktop = (await openPage(harness, { viewport: DESKTOP })).page;
    await gotoStarted(desktop, `${harness.server.url}/event/${event!.id}`);
    const card = desktop.getByRole('complementary', { name: 'Get Tickets' });
    await card.waitFor();
    expect(await desktop.getByRole('region', { name: 'Buy tickets' }).count()).toBe(0);
    // 700 px down, or as far as the page goes while its lower sections are still loading.
    await desktop.waitForFunction(() => {
      window.scrollTo(0, 700);
      return (
        window.scrollY > 0 &&
        window.scrollY >= Math.min(700, document.documentElement.scrollHeight - window.innerHeight)
      );
    });
    const buy = (await card.getByRole('button', { name: 'Buy Tickets' }).boundingBox())!;
    expect(buy.y).toBeGreaterThanOrEqual(0);
    expect(buy.y + buy.height).toBeLessThanOrEqual(DESKTOP.height);
    // The hero stays short on desktop.
    expect((await desktop.locator('.event-details__image').boundingBox())!.height).toBeLessThanOrEqual(362);
    await desktop.context().close();
  });
});

describe('correctness a visitor notices', () => {
  it("shows event times on the venue's clock with its zone, whatever the visitor's zone", async () => {
    const events = (await apiJson<{ data: ZonedEvent[] }>(harness, '/api/events?per_page=50')).data;
    const event = events.find((candidate) => candidate.timezone && candidate.timezone !== 'America/Los_Angeles')!;
    expect(event).toBeDefined();
    const expected = formatEventTime(event.date, { context: 'detail', timeZone: event.timezone!, showZone: true });
    const { page } = await openPage(harness, { viewport: DESKTOP, timezoneId: 'America/Los_Angeles' });
    await gotoStarted(page, `${harness.server.url}/event/${event.id}`);
    const time = page
      .locator('.event-details__facts dt', { hasText: 'Time' })
      .locator('xpath=following-sibling::dd[1]');
    await time.waitFor();
    expect(await time.textContent()).toBe(expected);
    // The venue's clock is named, never as a bare offset ("GMT+11") few visitors can read.
    expect(expected).toMatch(/ (local time|[A-Z]{2,5})$/);
    expect(expected).not.toMatch(/(GMT|UTC)[+-]/);
    await page.context().close();
  });

  it('opens the map at centre (20, 0), zoom 2', async () => {
    const { page } = await openPage(harness, { viewport: DESKTOP });
    await gotoStarted(page, `${harness.server.url}/?mode=map`);
    await page.locator('.event-marker, .marker-cluster').first().waitFor({ state: 'attached' });
    // A check that nothing moves the map once its markers are in (fitting them would change the view), so it
    // can only wait: long enough for Leaflet's zoom and pan animations (250 ms) to have run.
    await page.waitForTimeout(300);
    const values = await page.getByTestId('map-debug').locator('dd').allTextContents();
    expect(Number(values[0])).toBe(2);
    expect(values[1]).toBe('20.00000, 0.00000');
    await page.context().close();
  });

  it('names a focused event that is not in the loaded list', async () => {
    const latest = (
      await apiJson<{ data: ApiEvent[] }>(harness, '/api/events?per_page=50&sort_by=date&sort_order=desc')
    ).data.find((event) => event.latitude !== null && event.longitude !== null)!;
    const firstPage = (await apiJson<{ data: ApiEvent[] }>(harness, '/api/events?per_page=100')).data;
    expect(firstPage.some((event) => event.id === latest.id)).toBe(false);
    const { page } = await openPage(harness, { viewport: DESKTOP });
    const search = new URLSearchParams({
      mode: 'split',
      focus_lat: String(latest.latitude),
      focus_lon: String(latest.longitude),
      focus_event: String(latest.id),
    });
    await gotoStarted(page, `${harness.server.url}/?${search.toString()}`);
    const title = displayTitle(latest);
    await page.getByRole('region', { name: 'Focused Event' }).filter({ hasText: title }).waitFor();
    await page.locator('.leaflet-popup-content').filter({ hasText: title }).waitFor();
    await page.context().close();
  });

  it('moves focus to the next chip, then to the search box, when chips are removed with the keyboard', async () => {
    const page = await openHome({ viewport: DESKTOP });
    await page.getByLabel('Keyword').fill('music');
    await page.getByLabel('Keyword').press('Enter');
    const category = (await page.getByLabel('Category', { exact: true }).locator('option').nth(1).textContent())!;
    await page.getByLabel('Category', { exact: true }).selectOption(category);
    const removeKeyword = page.getByRole('button', { name: 'Remove Search: music' });
    const removeCategory = page.getByRole('button', { name: `Remove Category: ${category}` });
    await removeCategory.waitFor();
    await removeKeyword.focus();
    await page.keyboard.press('Enter');
    await removeKeyword.waitFor({ state: 'detached' });
    expect(await removeCategory.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await removeCategory.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Keyword').evaluate((node) => node === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("shows the empty state without a '0 of 0 events shown' line", async () => {
    const page = await openHome({ viewport: DESKTOP });
    await page.getByLabel('Keyword').fill('zzqxnotaneventword');
    await page.getByLabel('Keyword').press('Enter');
    await page.getByRole('heading', { name: 'No events found' }).waitFor();
    await page.getByText('Try adjusting your search criteria').waitFor();
    expect(await page.getByTestId('count-line').textContent()).not.toMatch(/0 of 0/);
    await page.context().close();
  });

  it('loads an event page directly without the HydrateFallback warning or page errors', async () => {
    const [event] = (await apiJson<{ data: ApiEvent[] }>(harness, '/api/events?per_page=1')).data;
    const { page } = await openPage(harness, { viewport: DESKTOP });
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    await gotoStarted(page, `${harness.server.url}/event/${event!.id}`);
    await page.getByRole('heading', { level: 1, name: displayTitle(event!) }).waitFor();
    expect(messages.filter((text) => /HydrateFallback|pageerror/.test(text))).toEqual([]);
    await page.context().close();
  });
});

describe('dark theme', () => {
  it.each([
    ['home', '/'],
    ['split view', '/?mode=split'],
  ])('has no serious or critical axe violations on %s in dark mode', async (_label, path) => {
    const page = await openHome({ viewport: DESKTOP, colorScheme: 'dark', bypassCSP: true }, path);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).not.toBe(
      'rgb(245, 246, 250)',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
