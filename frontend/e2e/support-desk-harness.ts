/**
 * Shared set-up for the support desk browser spec: the real server without demo data (support needs none),
 * Debian's Chromium, and pages that never reach the internet.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../backend/src/testing/browser.ts';
import { startTestServer, type TestServer } from '../../backend/src/testing/start-test-server.ts';

export interface SupportHarness {
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startSupportHarness(): Promise<SupportHarness> {
  const server = await startTestServer();
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

/** A fresh context (empty storage, its own cookies) whose page may only talk to our server. */
export async function openPage(
  harness: SupportHarness,
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

export async function loginAsAdmin(harness: SupportHarness, page: Page): Promise<void> {
  await page.goto(`${harness.server.url}/admin`);
  await page.getByLabel('Password', { exact: true }).fill(harness.server.adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('tab', { name: 'Support Tickets', selected: true }).waitFor();
}

export async function createTicketThroughApi(harness: SupportHarness, subject: string): Promise<string> {
  const response = await fetch(new URL('/api/support/tickets', harness.server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      user_name: 'Api Visitor',
      user_email: 'api@example.com',
      subject,
      description: 'Created while the admin socket was down.',
      category: 'general',
      priority: 'low',
      website: '',
    }),
  });
  if (response.status !== 201) throw new Error(`ticket create answered ${response.status}`);
  const body = (await response.json()) as { ticket: { ticket_number: string } };
  return body.ticket.ticket_number;
}
