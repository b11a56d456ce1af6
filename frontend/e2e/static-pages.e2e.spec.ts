/**
 * Issue 12 in real Chromium against the real server: the partner form from pitch to Thank You (and the
 * request in the admin Partnerships tab, marked handled and deleted), the About, Privacy and Terms pages,
 * the not-found page with its 404, and the page titles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../backend/src/testing/browser.ts';
import { startTestServer, type TestServer } from '../../backend/src/testing/start-test-server.ts';

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

/** A fresh context whose page may only talk to our server. */
async function openPage(viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const origin = new URL(server.url).origin;
  await context.route(
    (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => route.abort(),
  );
  return { context, page: await context.newPage() };
}

async function fillPartnerForm(page: Page, company: string) {
  await page.getByLabel('Company Name *').fill(company);
  await page.getByLabel('Contact Name *').fill('Marta Sousa');
  await page.getByLabel('Email *').fill('marta@lisbonlive.example');
  await page.getByLabel('Website').fill('https://lisbonlive.example');
  await page.getByLabel('Partnership Type *').selectOption('venue');
  await page.getByLabel('Message').fill('We host 40 concerts a year.');
}

describe('/partner', () => {
  it('shows the pitch with the organizer commission, sends the form and says Thank You!', async () => {
    const { context, page } = await openPage();
    try {
      await page.goto(`${server.url}/partner`);
      expect(await page.title()).toBe('Partner With Us | Evently');
      await page.getByRole('heading', { name: 'Partner With Us', level: 1 }).waitFor();
      await page.getByText('5-15% commission', { exact: true }).waitFor();
      expect(await page.getByText('5-15% commission', { exact: true }).isVisible()).toBe(true);
      await fillPartnerForm(page, 'Lisbon Live Lda');
      await page.getByRole('button', { name: 'Send Partnership Request' }).click();
      await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
      expect(
        await page
          .getByText("We've received your partnership inquiry and will get back to you within 2-3 business days.")
          .isVisible(),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("shows the server's error and keeps the form", async () => {
    const { context, page } = await openPage();
    try {
      await page.goto(`${server.url}/partner`);
      await fillPartnerForm(page, 'Bad Site Co');
      // The browser accepts this URL; the server does not (http(s) only).
      await page.getByLabel('Website').fill('ftp://files.example');
      await page.getByRole('button', { name: 'Send Partnership Request' }).click();
      expect(await page.getByRole('alert').textContent()).toBe(
        'website: website must be an http:// or https:// address',
      );
      expect(await page.getByLabel('Company Name *').inputValue()).toBe('Bad Site Co');
    } finally {
      await context.close();
    }
  });

  it("says 'Failed to connect to the server. Please try again later.' when the call cannot reach the server", async () => {
    const { context, page } = await openPage();
    try {
      await page.route('**/api/partnership-request', (route) => route.abort('connectionrefused'));
      await page.goto(`${server.url}/partner`);
      await fillPartnerForm(page, 'Offline Co');
      await page.getByRole('button', { name: 'Send Partnership Request' }).click();
      expect(await page.getByRole('alert').textContent()).toBe(
        'Failed to connect to the server. Please try again later.',
      );
    } finally {
      await context.close();
    }
  });
});

describe('static pages', () => {
  it('/about has every section of the spec and buttons to Support and Partner', async () => {
    const { context, page } = await openPage();
    try {
      await page.goto(`${server.url}/about`);
      expect(await page.title()).toBe('About Us | Evently');
      await page.getByRole('heading', { name: 'How it works' }).waitFor();
      for (const heading of [
        'Our mission',
        'Our community',
        'Global reach',
        'Our passion',
        'Affiliate disclosure',
        'How it works',
        'Discover',
        'Compare',
        'Book',
      ]) {
        expect(await page.getByRole('heading', { name: heading, exact: true }).isVisible()).toBe(true);
      }
      await page.getByRole('link', { name: 'Partner With Us' }).last().click();
      await page.waitForURL(`${server.url}/partner`);
      await page.goBack();
      await page.getByRole('main').getByRole('link', { name: 'Contact Support' }).click();
      await page.waitForURL(`${server.url}/support`);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['/privacy', 'Privacy Policy', 'The service is not for children under 13.'],
    ['/terms', 'Terms of Use', 'We do not sell tickets, take payments or issue refunds'],
  ])('%s is a dated legal text', async (path, heading, sentence) => {
    const { context, page } = await openPage();
    try {
      await page.goto(`${server.url}${path}`);
      expect(await page.title()).toBe(`${heading} | Evently`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await page.getByText('Last updated: July 4, 2025').isVisible()).toBe(true);
      expect(await page.getByText(sentence, { exact: false }).first().isVisible()).toBe(true);
      expect(await page.getByText('affiliate', { exact: false }).count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('an unknown path is a real not-found page titled by its path, answered 404 by the server', async () => {
    const response = await fetch(`${server.url}/no/such/page`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    const { context, page } = await openPage();
    try {
      const answer = await page.goto(`${server.url}/no/such/page`);
      expect(answer?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await page.title()).toBe('/no/such/page | Evently');
    } finally {
      await context.close();
    }
  });

  it('titles every page with the product name as suffix, also after client-side navigation', async () => {
    const { context, page } = await openPage();
    try {
      await page.goto(`${server.url}/`);
      await expect.poll(() => page.title()).toBe('Discover Amazing Events | Evently');
      for (const [link, title] of [
        ['About', 'About Us | Evently'],
        ['Partner With Us', 'Partner With Us | Evently'],
        ['Support', 'Support | Evently'],
      ] as const) {
        await page.getByRole('banner').getByRole('link', { name: link, exact: true }).click();
        await expect.poll(() => page.title()).toBe(title);
      }
    } finally {
      await context.close();
    }
  });
});

describe('admin Partnerships tab', () => {
  it('lists requests newest first, shows one in full, marks it handled and deletes it', async () => {
    for (const company of ['Older Venue Co', 'Newest Fest Ltd']) {
      const answer = await fetch(`${server.url}/api/partnership-request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          company,
          contact_name: 'Ana',
          email: `${company.split(' ')[0]!.toLowerCase()}@example.com`,
          partnership_type: 'event_organizer',
          message: 'Hello\nthere',
        }),
      });
      expect(answer.status).toBe(201);
      // The list orders by created_at, stamped by the server's clock in milliseconds: the second request must
      // come a few milliseconds later for "newest first" to be a real order rather than a tie.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { context, page } = await openPage();
    try {
      await page.goto(`${server.url}/admin`);
      await page.getByLabel('Password', { exact: true }).fill(server.adminPassword);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('tab', { name: 'Partnerships' }).click();
      const list = page.getByRole('list', { name: 'Partnership requests' });
      await list.getByRole('button', { name: /Older Venue Co/ }).waitFor();
      await list.getByRole('button', { name: /Newest Fest Ltd/ }).waitFor();
      const companies = await list.locator('.admin-row__title').allTextContents();
      expect(companies.indexOf('Newest Fest Ltd')).toBeLessThan(companies.indexOf('Older Venue Co'));

      await list.getByRole('button', { name: /Newest Fest Ltd/ }).click();
      await page.getByRole('heading', { name: 'Newest Fest Ltd', level: 2 }).waitFor();
      expect(await page.locator('.request-detail__message').textContent()).toBe('Hello\nthere');
      await page.getByRole('button', { name: 'Mark Handled' }).click();
      await page.getByRole('button', { name: 'Mark as New' }).waitFor();
      // The detail answers the mutation; the list row follows on its own refetch.
      await expect.poll(() => list.getByRole('button', { name: /Newest Fest Ltd/ }).textContent()).toContain('Handled');

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Select a request to view details').waitFor();
      await list.getByRole('button', { name: /Newest Fest Ltd/ }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
