/**
 * "Save this search" in a real browser against the real server: it appears only once the search has a keyword
 * or a filter, names the search in words, refuses a bad address with the form's message, and a saved search
 * arrives as a pending subscription carrying exactly those filters (seen through the admin API). A digest's edit
 * link opens the same form set to change that subscription. With SCREENSHOTS_DIR set, the open form is captured
 * at 1366x900 and 390x844.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe.ts';
import { apiJson, openPage, startHomeHarness, type ApiEvent, type HomeHarness } from './home-harness.ts';
import { gotoStarted } from './settle.ts';

interface AdminSubscription {
  email: string;
  status: string;
  has_filters: boolean;
  search_description: string;
  search_url: string;
  unsubscribe_token: string;
  search: { keyword: string | null; max_price: number | null };
}

let harness: HomeHarness;
let jazz: ApiEvent;

beforeAll(async () => {
  harness = await startHomeHarness();
  jazz = (await apiJson<{ data: ApiEvent[] }>(harness, '/api/events?keyword=jazz&per_page=1')).data[0]!;
});
afterAll(async () => {
  await harness?.close();
});

const searchPath = () =>
  `/?${new URLSearchParams({ keyword: 'jazz', country: jazz.country!, city: jazz.city!, max_price: '50' })}`;

async function open(path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const { page } = await openPage(harness, { viewport, bypassCSP: true });
  await gotoStarted(page, `${harness.server.url}${path}`);
  // The client has taken over the server's first paint (a search may find nothing, so no count to wait for).
  await page.locator('html[data-client="ready"]').waitFor({ state: 'attached' });
  return page;
}

async function savedSubscriptions(): Promise<AdminSubscription[]> {
  const response = await fetch(`${harness.server.url}/api/subscriptions/admin?filters=saved`, {
    headers: { 'x-admin-password': harness.server.adminPassword },
  });
  return ((await response.json()) as { subscriptions: AdminSubscription[] }).subscriptions;
}

describe('Save this search', () => {
  it('is offered only for a search with a keyword or a filter', async () => {
    const page = await open(`/?${new URLSearchParams({ country: jazz.country!, city: jazz.city! })}`);
    expect(await page.getByRole('button', { name: 'Save this search' }).count()).toBe(0);
    await page.getByLabel('Keyword').fill('jazz');
    await page.getByLabel('Keyword').press('Enter');
    await page.getByRole('button', { name: 'Save this search' }).waitFor();
    await page.context().close();
  });

  it('names the search in words, checks the address and saves a pending subscription with those filters', async () => {
    const page = await open(searchPath(), { width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Save this search' }).click();
    const words = `Jazz under $50 near ${jazz.city}`;
    expect(await page.getByTestId('saved-search-words').textContent()).toBe(words);

    const form = page.locator('form.save-search__form');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Save search' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('Please enter a valid email.');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const shots = process.env.SCREENSHOTS_DIR;
    await form.getByLabel('Email').fill('listener@example.com');
    // The address was changed: the message about the old one goes.
    expect(await form.getByRole('alert').count()).toBe(0);
    if (shots) await page.screenshot({ path: join(shots, 'save-search-form-1366.png') });
    await form.getByRole('button', { name: 'Save search' }).click();
    await page
      .getByRole('status')
      .filter({
        hasText: `Open the mail we sent to listener@example.com and press Confirm to get “${words}” every week.`,
      })
      .waitFor();

    const [saved] = (await savedSubscriptions()).filter((row) => row.email === 'listener@example.com');
    expect(saved).toMatchObject({
      status: 'pending',
      has_filters: true,
      search_description: words,
      search: { keyword: 'jazz', max_price: 50 },
    });
    expect(saved!.search_url).toContain(`?keyword=jazz&country=`);
    await page.context().close();
  });

  it("opens from a digest's edit link set to change that saved search", async () => {
    const signUp = await fetch(`${harness.server.url}/api/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: harness.server.url },
      body: JSON.stringify({
        email: 'editor@example.com',
        country: jazz.country,
        city: jazz.city,
        keyword: 'jazz',
        max_price: 50,
      }),
    });
    expect(signUp.status).toBe(202);
    const [saved] = (await savedSubscriptions()).filter((row) => row.email === 'editor@example.com');
    const page = await open(`${searchPath().replace('max_price=50', 'max_price=30')}&edit=${saved!.unsubscribe_token}`);
    const form = page.locator('form.save-search__form');
    expect(await page.getByTestId('saved-search-words').textContent()).toBe(`Jazz under $30 near ${jazz.city}`);
    expect(await form.getByLabel('Email').count()).toBe(0);
    await form.getByRole('button', { name: 'Update search' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved search updated' }).waitFor();
    const [after] = (await savedSubscriptions()).filter((row) => row.email === saved!.email);
    expect(after!.search_description).toBe(`Jazz under $30 near ${jazz.city}`);
    await page.context().close();
  });

  it('fits a phone', async () => {
    const page = await open(searchPath(), { width: 390, height: 844 });
    await page.getByRole('button', { name: 'Save this search' }).click();
    const form = page.locator('form.save-search__form');
    const box = await form.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const shots = process.env.SCREENSHOTS_DIR;
    if (shots) {
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, 'save-search-form-390.png') });
    }
    await page.context().close();
  });
});
