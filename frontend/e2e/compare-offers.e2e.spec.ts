/**
 * Compare offers in the browser (issue 16): one show sold by Ticketmaster and Fever, loaded through the events
 * module's public command on the real server (whose composition links offers unless OFFER_MATCHING=off), is
 * one event whose Get Tickets card lists both sellers cheapest first, each Buy running its own source's buy
 * flow; the second record's id answers 301 to the canonical event, and the home card says "N sellers".
 * No demo data, so the home page shows this event alone.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SourceEventInput } from '@evently/events';
import { launchChromium } from '../../backend/src/testing/browser.ts';
import { startTestServer, type TestServer } from '../../backend/src/testing/start-test-server.ts';
import { gotoStarted } from './settle.ts';

// An affiliate setting makes Ticketmaster's tracking link differ from its purchase link, so the test can tell
// which one the new tab received (as in event-page.e2e.spec.ts).
const AFFILIATE_PARAMS = 'aff=e2e-test';

const show = {
  category: 'Music & Concerts',
  start_utc: '2027-03-05T23:00:00.000Z',
  timezone: 'America/New_York',
  venue_name: "St. Bartholomew's Church",
  city: 'New York',
  country: 'United States',
  latitude: 40.7577,
  longitude: -73.9735,
  currency: 'USD',
} as const;

// The first record keeps its id (canonical); the second, cheaper one is linked into it.
const ticketmaster: SourceEventInput = {
  ...show,
  source: 'ticketmaster',
  external_id: 'tm-vivaldi',
  name: 'Vivaldi Four Seasons by Candlelight',
  min_price: 45,
  max_price: 90,
  purchase_url: 'https://www.ticketmaster.com/event/tm-vivaldi',
};
const fever: SourceEventInput = {
  ...show,
  source: 'fever',
  external_id: 'fv-vivaldi',
  name: 'Candlelight: Four Seasons, Vivaldi',
  start_utc: '2027-03-05T23:15:00.000Z',
  min_price: 39,
  purchase_url: 'https://feverup.com/m/fv-vivaldi',
};

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let canonicalId: string;
let linkedId: string;

beforeAll(async () => {
  process.env.TICKETMASTER_AFFILIATE_PARAMS = AFFILIATE_PARAMS;
  server = await startTestServer({ env: { TICKETMASTER_AFFILIATE_PARAMS: AFFILIATE_PARAMS } });
  const { events, projectors } = server.server.composition;
  canonicalId = (await events.commands.upsertFromSource(ticketmaster)).id;
  const second = await events.commands.upsertFromSource(fever);
  if (second.linked_to !== canonicalId)
    throw new Error(`the Fever record was not linked (linked_to ${second.linked_to})`);
  linkedId = second.id;
  await projectors.drained();
  browser = await launchChromium();
});

afterAll(async () => {
  delete process.env.TICKETMASTER_AFFILIATE_PARAMS;
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await context?.close();
});

/** A page whose outside addresses get a stub document (the sellers' tabs) or are refused (tiles, images). */
async function openPage(pathname: string): Promise<Page> {
  const origin = new URL(server.url).origin;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route(
    (url) => url.origin !== origin,
    (route) =>
      route.request().resourceType() === 'document'
        ? route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>outside</title>' })
        : route.abort(),
  );
  page = await context.newPage();
  await gotoStarted(page, `${server.url}${pathname}`);
  return page;
}

/** The Get Tickets side card, where every lookup starts. */
const ticketsCard = () => page.getByRole('complementary', { name: 'Get Tickets' });

async function buyFrom(seller: string): Promise<Page> {
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    ticketsCard()
      .getByRole('button', { name: `Buy from ${seller}` })
      .click(),
  ]);
  await tab.waitForURL((url) => url.protocol === 'https:');
  return tab;
}

describe('compare offers on the event page (issue 16)', () => {
  it('lists every seller cheapest first, and the price at the top is the cheapest', async () => {
    await openPage(`/event/${canonicalId}`);
    const items = ticketsCard().locator('section[aria-labelledby="compare-offers-heading"] li');
    await items.first().waitFor();
    expect(await items.locator('.compare-offers__seller').allTextContents()).toEqual(['Fever', 'Ticketmaster']);
    expect(await items.locator('.compare-offers__price').first().textContent()).toContain('From $39');
    expect(await ticketsCard().locator('.tickets-card__price').textContent()).toBe('From $39');
    expect(await ticketsCard().getByText('from $39 · 2 sellers').isVisible()).toBe(true);
  });

  it("buys from Fever through Fever's tracking link with Fever's own id", async () => {
    await openPage(`/event/${canonicalId}`);
    const tracking = page.waitForRequest((request) => request.url().includes('/api/feverup/tracking-link/'));
    const tab = await buyFrom('Fever');
    expect(new URL((await tracking).url()).pathname).toBe(`/api/feverup/tracking-link/${fever.external_id}`);
    expect(tab.url()).toBe(fever.purchase_url);
  });

  it("buys from Ticketmaster through Ticketmaster's tracking link, with the affiliate parameters", async () => {
    await openPage(`/event/${canonicalId}`);
    const tracking = page.waitForRequest((request) => request.url().includes('/api/ticketmaster/tracking-link/'));
    const tab = await buyFrom('Ticketmaster');
    expect(new URL((await tracking).url()).pathname).toBe(
      `/api/ticketmaster/tracking-link/${ticketmaster.external_id}`,
    );
    const opened = new URL(tab.url());
    expect(`${opened.origin}${opened.pathname}`).toBe(ticketmaster.purchase_url);
    expect(opened.searchParams.get('aff')).toBe('e2e-test');
    expect(new URL(page.url()).pathname).toBe(`/event/${canonicalId}`);
  });

  it('Buy Tickets at the top buys the cheapest offer', async () => {
    await openPage(`/event/${canonicalId}`);
    const tracking = page.waitForRequest((request) => /tracking-link/.test(request.url()));
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      ticketsCard().getByRole('button', { name: 'Buy Tickets' }).click(),
    ]);
    expect(new URL((await tracking).url()).pathname).toBe(`/api/feverup/tracking-link/${fever.external_id}`);
    await tab.waitForURL(fever.purchase_url ?? '');
  });

  it('redirects the linked record’s old address (301) to the canonical event', async () => {
    const response = await fetch(`${server.url}/event/${linkedId}`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    const location = new URL(response.headers.get('location') ?? '', server.url);
    expect(location.pathname).toMatch(new RegExp(`^/events?/${canonicalId}\\b`));
    await openPage(`/event/${linkedId}`);
    await page.getByRole('heading', { level: 1, name: ticketmaster.name }).waitFor();
    expect(page.url()).toBe(location.href);
  });

  it('shows one card on home saying "from $39 · 2 sellers"', async () => {
    await openPage('/');
    const cards = page.locator('.event-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    expect(await cards.first().locator('.event-card__sellers').textContent()).toBe('from $39 · 2 sellers');
  });
});
