/**
 * Shared set-up for the home page browser specs: the real server with demo data, Debian's Chromium, and pages
 * that never reach the internet (map tiles and remote images are refused, so nothing waits on them).
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from '../../backend/src/testing/browser.ts';
import { startTestServer, type TestServer } from '../../backend/src/testing/start-test-server.ts';

export interface HomeHarness {
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startHomeHarness(): Promise<HomeHarness> {
  const server = await startTestServer({ seedDemo: true });
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

/** A fresh context (empty local storage) whose page may only talk to our server. */
export async function openPage(
  harness: HomeHarness,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const origin = new URL(harness.server.url).origin;
  await context.route(
    (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => route.abort(),
  );
  const page = await context.newPage();
  return { context, page };
}

export async function apiJson<T>(harness: HomeHarness, path: string): Promise<T> {
  const response = await fetch(new URL(path, harness.server.url));
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export interface ApiEvent {
  id: number;
  name: string;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The query string of the next events list request (not the map's bulk pages) the page makes. */
export async function nextEventsQuery(page: Page, action: () => Promise<unknown>): Promise<URLSearchParams> {
  const [request] = await Promise.all([
    page.waitForRequest((candidate) => {
      const url = new URL(candidate.url());
      return url.pathname === '/api/events' && url.searchParams.get('fields') === 'card';
    }),
    action(),
  ]);
  return new URL(request.url()).searchParams;
}

export async function countLine(page: Page): Promise<string> {
  return (await page.getByTestId('count-line').textContent()) ?? '';
}
