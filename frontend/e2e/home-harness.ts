/**
 * Shared set-up for the home page browser specs: the real server with demo data, Debian's Chromium, and pages
 * that never reach the internet (map tiles and remote images are refused, so nothing waits on them).
 */
import type { Page } from 'playwright-core';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.ts';

export { openPage } from './browser-harness.ts';
export type HomeHarness = BrowserHarness;

export function startHomeHarness(): Promise<HomeHarness> {
  return startBrowserHarness({ seedDemo: true });
}

export async function apiJson<T>(harness: HomeHarness, path: string): Promise<T> {
  const response = await fetch(new URL(path, harness.server.url));
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export interface ApiEvent {
  id: number;
  name: string;
  /** Shown instead of the name where set (spec 01 §3); the demo catalogue sets it on about a third. */
  unique_title: string | null;
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
