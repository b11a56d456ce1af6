/**
 * Smoke test of the whole stack as a visitor meets it: the real backend serves the built SPA, and a real
 * Chromium renders the page header (banner landmark with the product name and the navigation).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../testing/browser.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

describe('browser smoke test', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens / and shows the site header', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The Content-Security-Policy must fit the SPA: any violation would show up as a console error.
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) errors.push(message.text());
    });
    // Remote resources (map tiles, event images) never load in CI; the page must not depend on them.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());

    const response = await page.goto(server.url, { waitUntil: 'domcontentloaded' });
    expect(response?.status()).toBe(200);

    const header = page.getByRole('banner');
    await header.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await header.textContent()).toContain('Evently');
    expect(await header.getByRole('link', { name: 'Support' }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
