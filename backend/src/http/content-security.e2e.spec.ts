/**
 * The Content-Security-Policy fits the real client: with demo data, the list, the Leaflet map (remote tiles,
 * clusters, inline positioning styles) and an event page render without a single CSP violation, the server-rendered
 * page's inline entry loader included.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../testing/browser.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

describe('Content-Security-Policy in a real browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ seedDemo: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openWatched(path: string): Promise<{ page: Page; violations: string[] }> {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    // Tiles and remote images are refused by the test, after the browser's CSP check has already run.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    await page.goto(`${server.url}${path}`, { waitUntil: 'domcontentloaded' });
    return { page, violations };
  }

  it('allows the map view: Leaflet, clusters and tile requests', async () => {
    const { page, violations } = await openWatched('/?mode=map');
    await page.locator('.leaflet-container').waitFor({ timeout: 30_000 });
    await page.locator('.marker-cluster, .leaflet-marker-icon').first().waitFor({ timeout: 30_000 });
    expect(violations).toEqual([]);
    await page.close();
  });

  it('allows an event page', async () => {
    const list = (await (await fetch(`${server.url}/api/events?per_page=1`)).json()) as {
      data: Array<{ slug: string }>;
    };
    const slug = list.data[0]?.slug;
    expect(slug).toBeTruthy();
    const { page, violations } = await openWatched(`/event/${slug}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    // The page is server-rendered (decision 025): the client starts only if the policy admits the inline loader.
    await page.waitForSelector('html[data-client="ready"]', { state: 'attached', timeout: 30_000 });
    expect(violations).toEqual([]);
    await page.close();
  });
});
