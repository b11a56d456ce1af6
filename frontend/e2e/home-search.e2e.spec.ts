import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe.ts';
import {
  apiJson,
  countLine,
  nextEventsQuery,
  openPage,
  startHomeHarness,
  type ApiEvent,
  type HomeHarness,
} from './home-harness.ts';
import { gotoStarted } from './settle.ts';
import { displayTitle } from '../src/lib/format/event.ts';

interface FilterOptions {
  countries: string[];
  citiesByCountry: Record<string, string[]>;
}

let harness: HomeHarness;
let firstEvent: ApiEvent;
let options: FilterOptions;

beforeAll(async () => {
  harness = await startHomeHarness();
  firstEvent = (await apiJson<{ data: ApiEvent[] }>(harness, '/api/events?per_page=1')).data[0]!;
  options = await apiJson<FilterOptions>(harness, '/api/events/filters');
});

afterAll(async () => {
  await harness?.close();
});

async function openHome(width = 1280): Promise<Page> {
  const { page } = await openPage(harness, { viewport: { width, height: 900 } });
  await gotoStarted(page, harness.server.url);
  await page.locator('.event-card').first().waitFor();
  await page
    .getByTestId('count-line')
    .filter({ hasText: /events (shown|loaded)/ })
    .waitFor();
  return page;
}

describe('home page in a real browser', () => {
  it('searches by keyword with Enter, shows the chip, and removing it restores the full list', async () => {
    const page = await openHome();
    const before = await countLine(page);
    const word = firstEvent.name.split(' ')[0]!;
    const keyword = page.getByLabel('Keyword');
    await keyword.fill(word);
    const query = await nextEventsQuery(page, () => keyword.press('Enter'));
    expect(query.get('keyword')).toBe(word);
    await page.getByRole('button', { name: `Remove Search: ${word}` }).waitFor();
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="count-line"]')?.textContent !== text,
      before,
    );
    const titles = await page.locator('.event-card__title').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.some((title) => title.toLowerCase().includes(word.toLowerCase()))).toBe(true);

    await page.getByRole('button', { name: `Remove Search: ${word}` }).click();
    await page.getByTestId('count-line').filter({ hasText: before }).waitFor();
    expect(await page.getByText('Active Filters').count()).toBe(0);
    await page.context().close();
  });

  it('applies the country and city a link carries (the digest button), and keeps them in the address', async () => {
    const country = options.countries.find((name) => (options.citiesByCountry[name]?.length ?? 0) > 0)!;
    const city = options.citiesByCountry[country]![0]!;
    const { page } = await openPage(harness, { viewport: { width: 1280, height: 900 } });
    // The server renders this landing with the link's filters (decision 025), so the browser asks for nothing.
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') listRequests.push(request.url());
    });
    await gotoStarted(page, `${harness.server.url}/?${new URLSearchParams({ country, city })}`);
    await page.getByRole('button', { name: `Remove City: ${city}` }).waitFor();
    // The search lives in the address (search-url.ts): a reload or a shared copy shows the same place.
    expect(new URL(page.url()).searchParams.get('city')).toBe(city);
    const places = await page.locator('.event-card__place').allTextContents();
    expect(places.length).toBeGreaterThan(0);
    for (const place of places) expect(place).toContain(city);
    expect(listRequests).toEqual([]);
    await page.context().close();
  });

  it('limits the cities to the chosen country and resets the city when the country changes', async () => {
    const [country, otherCountry] = options.countries.filter(
      (name) => (options.citiesByCountry[name]?.length ?? 0) > 0,
    );
    const page = await openHome();
    const countryQuery = await nextEventsQuery(page, () =>
      page.getByLabel('Country', { exact: true }).selectOption(country!),
    );
    expect(countryQuery.get('country')).toBe(country);
    const offered = await page.getByLabel('City', { exact: true }).locator('option').allTextContents();
    expect(offered).toEqual(['All cities', ...options.citiesByCountry[country!]!]);

    const city = options.citiesByCountry[country!]![0]!;
    const cityQuery = await nextEventsQuery(page, () => page.getByLabel('City', { exact: true }).selectOption(city));
    expect(cityQuery.get('city')).toBe(city);
    await page.getByRole('button', { name: `Remove City: ${city}` }).waitFor();

    const changed = await nextEventsQuery(page, () =>
      page.getByLabel('Country', { exact: true }).selectOption(otherCountry!),
    );
    expect(changed.get('country')).toBe(otherCountry);
    expect(changed.has('city')).toBe(false);
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('all');
    await page.context().close();
  });

  it('switches list to map to split, and has no split on a narrow screen', async () => {
    const page = await openHome();
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await page.locator('.leaflet-container').waitFor();
    await page.getByRole('checkbox', { name: 'Only in view' }).waitFor();
    await page.getByRole('button', { name: 'Split', exact: true }).click();
    await page.locator('.split-view__list .event-card').first().waitFor();
    await page.locator('.split-view__map .leaflet-container').waitFor();
    await page.setViewportSize({ width: 600, height: 900 });
    await page.locator('.split-view').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Split', exact: true }).count()).toBe(0);
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    await page.context().close();
  });

  it('reads the focus parameters once, removes them, and focuses the event on the map', async () => {
    const target = (await apiJson<{ data: ApiEvent[] }>(harness, '/api/events?per_page=50')).data.find(
      (event) => event.latitude !== null && event.longitude !== null,
    )!;
    const { page } = await openPage(harness);
    const search = new URLSearchParams({
      mode: 'map',
      focus_lat: String(target.latitude),
      focus_lon: String(target.longitude),
      focus_event: String(target.id),
    });
    await gotoStarted(page, `${harness.server.url}/?${search.toString()}`);
    await page.locator('.leaflet-container').waitFor();
    // The focus parameters go; the view is part of the search the address keeps (decision 029).
    await page.waitForURL((url) => url.search === '?view=map');
    const popup = page.locator('.leaflet-popup-content');
    await popup.waitFor();
    expect(await popup.textContent()).toContain(displayTitle(target));
    // The debug overlay follows the map's moveend, which can land after the popup opens on a slow machine.
    await expect
      .poll(async () => Number(await page.getByTestId('map-debug').locator('dd').first().textContent()))
      .toBeGreaterThanOrEqual(12);
    await expect.poll(() => page.getByTestId('map-debug').textContent()).toContain(Number(target.latitude).toFixed(5));
    await page.context().close();
  });

  it("switches from the list to the map and focuses the event on 'Show on map'", async () => {
    const page = await openHome();
    const card = page
      .locator('.event-card')
      .filter({ has: page.getByRole('button', { name: 'Show on map' }) })
      .first();
    const title = (await card.locator('.event-card__title').textContent())!.trim();
    await card.getByRole('button', { name: 'Show on map' }).click();
    await page.locator('.leaflet-container').waitFor();
    expect(await page.getByRole('button', { name: 'Map', exact: true }).getAttribute('aria-pressed')).toBe('true');
    const popup = page.locator('.leaflet-popup-content');
    await popup.waitFor();
    expect(await popup.textContent()).toContain(title);
    await expect.poll(() => page.locator('.event-marker--selected').count()).toBe(1);
    await page.context().close();
  });

  it('buys from a home card through the tracking link in a new tab', async () => {
    const page = await openHome();
    const card = page.locator('.event-card').first();
    const origin = new URL(harness.server.url).origin;
    // Outside addresses are refused in tests, so the new tab's navigation is read from its request.
    const [trackingRequest, navigation] = await Promise.all([
      page
        .waitForRequest(
          (request) =>
            /\/api\/(ticketmaster|feverup)\/tracking-link\/|\/api\/affiliate\/redirect\//.test(request.url()),
          { timeout: 5000 },
        )
        .catch(() => null),
      page
        .context()
        .waitForEvent('request', (request) => request.isNavigationRequest() && !request.url().startsWith(origin)),
      card.getByRole('button', { name: 'Buy Tickets' }).click(),
    ]);
    const opened = navigation.url();
    const id = await card.getAttribute('data-event-id');
    const event = await apiJson<{
      source: string;
      purchase_url: string | null;
      affiliate_url: string | null;
      original_url: string | null;
    }>(harness, `/api/events/${id}`);
    if (trackingRequest) {
      const answer = (await (await trackingRequest.response())!.json()) as { affiliate_url?: string };
      expect(opened).toBe(answer.affiliate_url ?? event.purchase_url);
    } else {
      expect(opened).toBe(event.purchase_url);
    }
    await page.context().close();
  });

  it("shows the subscribe form's validation messages and confirms a subscription", async () => {
    const page = await openHome();
    await page.getByRole('button', { name: 'Subscribe to updates' }).click();
    const form = page.locator('form.subscribe__form');
    await form.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Please enter a valid email.' }).count()).toBe(1);

    await form.getByLabel('Email').fill('visitor@example.com');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Country and City are required.' }).count()).toBe(1);

    const [country] = options.countries.filter((name) => (options.citiesByCountry[name]?.length ?? 0) > 0);
    const countryBox = form.getByRole('combobox', { name: 'Country' });
    await countryBox.fill(country!.slice(0, 3));
    await form.getByRole('option', { name: country!, exact: true }).click();
    expect(await countryBox.inputValue()).toBe(country);
    const city = options.citiesByCountry[country!]![0]!;
    await form.getByRole('combobox', { name: 'City' }).fill(city);
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByText("Subscribed! We'll send weekly events for your city.").waitFor();
    await page.getByText("You're subscribed! Check your inbox for our confirmation email.").waitFor();
    expect(await form.count()).toBe(0);
    await page.context().close();
  });

  it.each([
    ['list view', '/'],
    ['split view with the map and the open subscribe form', '/?mode=split'],
  ])('has no serious or critical accessibility violations on home, %s (axe-core)', async (_label, path) => {
    const { page } = await openPage(harness, { bypassCSP: true });
    await gotoStarted(page, `${harness.server.url}${path}`);
    await page.locator('.event-card').first().waitFor();
    if (path.includes('split')) {
      await page.locator('.leaflet-container').waitFor();
      await page.getByRole('button', { name: 'Subscribe to updates' }).click();
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
