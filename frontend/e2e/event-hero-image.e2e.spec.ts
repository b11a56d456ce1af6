/**
 * An event page opened directly arrives server-rendered with its hero image already requested. When that image
 * fails before the client has started, React never sees the error event; the page must still end on the
 * generated artwork, as it does when the visitor arrives by a card. The client's scripts are held back here
 * until the browser has given up on the image, so the failure always comes first.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SourceEventInput } from '@evently/events';
import { launchChromium } from '../../backend/src/testing/browser.ts';
import { startTestServer, type TestServer } from '../../backend/src/testing/start-test-server.ts';

const withImage: SourceEventInput = {
  source: 'ticketmaster',
  external_id: 'tm-hero-image',
  name: 'Harbour Lights Orchestra',
  category: 'Music & Concerts',
  start_utc: '2027-04-10T09:00:00.000Z',
  timezone: 'Australia/Sydney',
  venue_name: 'Sydney Opera House',
  city: 'Sydney',
  country: 'Australia',
  latitude: -33.8568,
  longitude: 151.2153,
  currency: 'AUD',
  min_price: 60,
  max_price: 140,
  image_url: 'https://images.example.com/harbour-lights.jpg',
  purchase_url: 'https://www.ticketmaster.com/event/tm-hero-image',
};

let server: TestServer;
let browser: Browser;
let context: BrowserContext | undefined;
let eventId: string;

beforeAll(async () => {
  server = await startTestServer();
  eventId = (await server.server.composition.events.commands.upsertFromSource(withImage)).id;
  await server.server.composition.projectors.drained();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('a directly opened event page whose hero image fails', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`ends on the generated artwork at ${viewport.width}x${viewport.height}`, async () => {
      const origin = new URL(server.url).origin;
      context = await browser.newContext({ viewport });
      const page = await context.newPage();
      // Remote images never load here: the hero's request is refused, as a dead image host would.
      await context.route(
        (url) => url.origin !== origin,
        (route) => route.abort(),
      );
      let imageFailed: Promise<unknown> | undefined;
      await context.route(
        (url) => url.origin === origin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
        async (route) => {
          imageFailed ??= page.waitForFunction(() => {
            const hero = document.querySelector<HTMLImageElement>('.event-details img');
            return hero !== null && hero.complete && hero.naturalWidth === 0 && hero.currentSrc !== '';
          });
          await imageFailed;
          await route.continue();
        },
      );

      const response = await page.goto(`${server.url}/event/${eventId}`);
      expect(response?.status()).toBe(200);
      await page.waitForSelector('html[data-client="ready"]', { state: 'attached' });
      const hero = page.locator('.event-details img').first();
      await expect.poll(() => hero.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      expect(await hero.getAttribute('data-placeholder')).toBe('true');
      expect(await page.locator('.event-details').getByText('Загрузка...').count()).toBe(0);
      const box = await hero.boundingBox();
      expect(box?.width).toBeGreaterThan(viewport.width / 2);
    });
  }
});
