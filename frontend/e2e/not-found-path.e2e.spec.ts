/**
 * The 404 page repeats the path the visitor asked for. A long path must wrap between its parts (after a slash),
 * never inside a word, on a phone and on a desktop.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../backend/src/testing/browser.ts';
import { startTestServer, type TestServer } from '../../backend/src/testing/start-test-server.ts';

const LONG_PATH = '/events-archive/international-photography-biennale/lisbon-after-dark-walking-tour/extended';

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

describe('the 404 page with a long path', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    it(`wraps the path only after a slash at ${viewport.width}x${viewport.height}`, async () => {
      const context = await browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        const answer = await page.goto(`${server.url}${LONG_PATH}`);
        expect(answer?.status()).toBe(404);
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();
        const path = page.locator('.not-found-page__path');
        expect(await path.textContent()).toBe(LONG_PATH);
        // Each character's line, read from its own box: a new line may only start right after a slash.
        const lineStarts = await path.evaluate((element) => {
          const starts: string[] = [];
          let previousTop: number | undefined;
          let previousChar = '';
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (let i = 0; i < text.length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const top = Math.round(range.getBoundingClientRect().top);
              if (previousTop !== undefined && top > previousTop) starts.push(`${previousChar}|${text[i]}`);
              previousTop = top;
              previousChar = text[i] ?? '';
            }
          }
          return starts;
        });
        if (viewport.width < 600) expect(lineStarts.length).toBeGreaterThan(0);
        expect(lineStarts.filter((start) => !start.startsWith('/|'))).toEqual([]);
        const box = await path.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      } finally {
        await context.close();
      }
    });
  }
});
