/**
 * What every browser spec starts from: the real server (with demo data or without, as the spec says) and
 * Debian's Chromium, pages that may only talk to that server (map tiles and remote images are refused, so
 * nothing waits on the internet), contexts closed after each test, and the admin panel logged into.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { gotoStarted } from './settle.ts';
import { launchChromium } from '../../backend/src/testing/browser.ts';
import {
  startTestServer,
  type StartTestServerOptions,
  type TestServer,
} from '../../backend/src/testing/start-test-server.ts';

export interface BrowserHarness {
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startBrowserHarness(options: StartTestServerOptions = {}): Promise<BrowserHarness> {
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

/** A fresh context (empty storage, its own cookies) whose pages may only talk to our server. */
export async function openContext(
  harness: BrowserHarness,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const origin = new URL(harness.server.url).origin;
  await context.route(
    (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => route.abort(),
  );
  return context;
}

/** A page in a fresh context (`openContext`); the caller closes the context. */
export async function openPage(
  harness: BrowserHarness,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(harness, options);
  return { context, page: await context.newPage() };
}

export interface Viewport {
  width: number;
  height: number;
}

/** `newPage(viewport)` for a spec file: each page in a context `open` makes, every context closed after its test. */
export function pagesPerTest(
  open: (viewport?: Viewport) => Promise<BrowserContext>,
): (viewport?: Viewport) => Promise<Page> {
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  return async (viewport) => {
    const context = await open(viewport);
    contexts.push(context);
    return context.newPage();
  };
}

/** Logs in at /admin with the server's password; resolves once the panel shows its first tab. */
export async function logInToAdmin(page: Page, server: TestServer): Promise<void> {
  await gotoStarted(page, `${server.url}/admin`);
  await page.getByLabel('Password', { exact: true }).fill(server.adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('tab', { name: 'Support Tickets', selected: true }).waitFor();
}

/** Logs in and opens the panel's `tab`, once its `heading` shows. */
export async function openAdminTab(page: Page, server: TestServer, tab: string, heading: string): Promise<void> {
  await logInToAdmin(page, server);
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}
