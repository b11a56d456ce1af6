/**
 * Issue 17: every page follows the visitor's dark preference. Support, blog, reviews, partner, about and the
 * admin login are opened with `colorScheme: 'dark'` against the real server and axe finds no serious or
 * critical violation (colour contrast included); the page background really is the dark token.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../backend/src/testing/browser.ts';
import { startTestServer, type TestServer } from '../../backend/src/testing/start-test-server.ts';
import { seriousAxeViolations } from './axe.ts';
import { gotoStarted, waitForSettled } from './settle.ts';

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

describe('dark theme on every page', () => {
  it.each([
    ['support', '/support', 'h1'],
    ['blog', '/blog', 'h1'],
    ['reviews', '/reviews', 'h1'],
    ['partner', '/partner', 'h1'],
    ['about', '/about', 'h1'],
    ['admin login', '/admin', 'input[type="password"]'],
  ])('has a dark background and no serious or critical axe violations on %s', async (_label, path, ready) => {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      colorScheme: 'dark',
      bypassCSP: true,
    });
    const origin = new URL(server.url).origin;
    await context.route(
      (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
      (route) => route.abort(),
    );
    try {
      const page = await context.newPage();
      await gotoStarted(page, `${server.url}${path}`);
      await page.locator(ready).first().waitFor();
      // Data-driven sections (lists, counts) have loaded before axe looks at them, however slow the machine.
      await waitForSettled(page);
      const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      expect(background).toBe('rgb(12, 13, 22)');
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
