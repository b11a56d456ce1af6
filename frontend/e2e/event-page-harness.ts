/**
 * Shared set-up for the event page browser specs: the real server with demo data, Chromium, and a context in
 * which every address outside the test server answers with a stub page (documents) or is refused (anything
 * else), so the affiliate tabs have a URL to land on and nothing waits on the internet.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import type { TestServer } from '../../backend/src/testing/start-test-server.ts';
import { startBrowserHarness } from './browser-harness.ts';

export interface DemoEvent {
  id: number;
  name: string;
  source: string;
  category: string;
  external_id: string;
  purchase_url: string | null;
  latitude: number | null;
  longitude: number | null;
  offer_count?: number;
}

export interface Harness {
  server: TestServer;
  browser: Browser;
  newContext(options?: { width?: number; height?: number }): Promise<BrowserContext>;
  /** A single-seller event of the kind asked: its Buy Tickets buys from its own source (several sellers: the cheapest). */
  findEvent(match: (event: DemoEvent) => boolean): Promise<DemoEvent>;
  stop(): Promise<void>;
}

const DIST_INDEX = path.resolve(import.meta.dirname, '../dist/index.html');

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build:web` first');
  const { server, browser, close } = await startBrowserHarness({ seedDemo: true, env });
  const origin = new URL(server.url).origin;

  async function newContext({ width = 1280, height = 900 } = {}) {
    const context = await browser.newContext({ viewport: { width, height } });
    await context.route(
      (url) => url.origin !== origin,
      (route) =>
        route.request().resourceType() === 'document'
          ? route.fulfill({
              status: 200,
              contentType: 'text/html',
              body: '<!doctype html><title>outside</title><p>outside</p>',
            })
          : route.abort(),
    );
    return context;
  }

  async function findEvent(match: (event: DemoEvent) => boolean): Promise<DemoEvent> {
    const response = await fetch(`${server.url}/api/events?per_page=1000`);
    const body = (await response.json()) as { data: DemoEvent[] };
    const found = body.data.find((event) => (event.offer_count ?? 1) === 1 && match(event));
    if (!found) throw new Error('the demo catalogue has no event of the kind this test needs');
    return found;
  }

  return {
    server,
    browser,
    newContext,
    findEvent,
    stop: close,
  };
}
