/**
 * Set-up for the blog browser spec: the real server without demo data (the spec writes its own post), Debian's
 * Chromium, and pages that may only talk to our server.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../backend/src/testing/browser.ts';
import { startTestServer, type TestServer } from '../../backend/src/testing/start-test-server.ts';

export interface BlogHarness {
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startBlogHarness(options: { seedDemo?: boolean } = {}): Promise<BlogHarness> {
  const server = await startTestServer(options);
  const browser = await launchChromium();
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

export async function openPage(
  harness: BlogHarness,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await harness.browser.newContext({ viewport });
  const origin = new URL(harness.server.url).origin;
  await context.route(
    (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => route.abort(),
  );
  const page = await context.newPage();
  return { context, page };
}
