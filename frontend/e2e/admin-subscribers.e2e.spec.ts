import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminTab, pagesPerTest } from './browser-harness.ts';
import { startHarness, type Harness } from './event-page-harness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.stop();
});

interface ListedSubscriber {
  id: string;
  email: string;
  confirmed?: boolean;
}

const api = (pathname: string) => new URL(pathname, harness.server.url);

async function adminList(): Promise<ListedSubscriber[]> {
  const response = await fetch(api('/api/subscriptions/admin?per_page=100'), {
    headers: { 'X-Admin-Password': harness.server.adminPassword },
  });
  const body = (await response.json()) as { subscriptions: ListedSubscriber[] };
  return body.subscriptions;
}

/** The confirmation link mailed to an address (double opt-in), read from the test server's .eml files. */
async function confirmLinkFor(email: string): Promise<string> {
  const dir = path.join(harness.server.dataDir, 'mail');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      // Quoted-printable bodies wrap long lines with "=\n" and escape "=" as "=3D".
      const text = (await readFile(path.join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      if (!text.includes(email)) continue;
      const match = /\/api\/subscriptions\/confirm\/([A-Za-z0-9_-]{22,128})/.exec(text);
      if (match) return `/api/subscriptions/confirm/${match[1]}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation mail for ${email}`);
}

/** Signs up through the public API and, when the server asks for double opt-in, follows the mailed link. */
async function createSubscriber(email: string, name: string, country: string, city: string): Promise<void> {
  const response = await fetch(api('/api/subscriptions'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, name, country, city, website: '' }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
  const listed = (await adminList()).find((entry) => entry.email === email);
  if (listed?.confirmed === false) {
    const confirmed = await fetch(api(await confirmLinkFor(email)), {
      method: 'POST',
      headers: { Accept: 'text/html' },
    });
    if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
  }
}

const newPage = pagesPerTest((viewport) => harness.newContext(viewport));
const openSubscribersTab = (page: Page) => openAdminTab(page, harness.server, 'Subscribers', 'Subscribers');

/** The listed e-mails, sorted (the default order is newest first, and three sign-ups share a second). */
const rowEmails = async (page: Page) =>
  (await page.getByRole('list', { name: 'Subscribers' }).locator('.admin-row__title').allTextContents()).sort();

const statValue = (page: Page, label: string) =>
  page.locator('.subscriber-stat', { has: page.getByText(label, { exact: true }) }).locator('dd');

describe('admin Subscribers tab (issue 10)', () => {
  it('filters, edits, deactivates and deletes a subscriber', async () => {
    await createSubscriber('ana@example.com', 'Ana Lopez', 'Spain', 'Madrid');
    await createSubscriber('bo@example.com', 'Bo Berg', 'Germany', 'Berlin');
    await createSubscriber('cy@example.com', 'Cy Chan', 'Germany', 'Munich');

    const page = await newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await openSubscribersTab(page);
    await page.getByText('Select a subscriber to view and edit details').waitFor();
    await page.getByRole('button', { name: /bo@example\.com/ }).waitFor();
    // The stats are their own request: they may land after the list.
    await expect.poll(() => statValue(page, 'Total Subscribers').textContent()).toBe('3');
    await expect.poll(() => statValue(page, 'Active').textContent()).toBe('3');

    // Filter: one country, then a search that matches nobody, then Reset.
    await page.getByLabel('Country').first().fill('Germany');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rowEmails(page)).toEqual(['bo@example.com', 'cy@example.com']);
    await page.getByLabel('Search').fill('nobody-here');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No subscribers match the current filters').waitFor();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => rowEmails(page)).toEqual(['ana@example.com', 'bo@example.com', 'cy@example.com']);

    // Edit: nothing changed is refused locally; a radius out of range too; then a real change.
    await page.getByRole('button', { name: /bo@example\.com/ }).click();
    const detail = page.getByRole('article', { name: 'bo@example.com' });
    await detail.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => detail.getByRole('alert').textContent()).toBe('No changes to save');
    await detail.getByLabel('Radius (km)').fill('501');
    await detail.getByRole('button', { name: 'Save changes' }).click();
    // The alert above stays on screen until this click's render replaces its text.
    await expect.poll(() => detail.getByRole('alert').textContent()).toContain('1 to 500 km');
    await detail.getByLabel('Radius (km)').fill('80');
    await detail.getByLabel('City').fill('Hamburg');
    const patch = page.waitForRequest((request) => request.method() === 'PATCH');
    await detail.getByRole('button', { name: 'Save changes' }).click();
    expect(JSON.parse((await patch).postData() ?? '{}')).toEqual({ radius_km: 80, city: 'Hamburg' });
    await detail.getByText('Changes saved').waitFor();
    await page
      .getByRole('button', { name: /bo@example\.com/ })
      .getByText('Hamburg, Germany')
      .waitFor();

    // Deactivate: the badge and the stats follow.
    await detail.getByRole('button', { name: 'Deactivate' }).click();
    await detail.getByRole('button', { name: 'Activate' }).waitFor();
    await page
      .getByRole('button', { name: /bo@example\.com/ })
      .getByText('Inactive', { exact: true })
      .waitFor();
    await expect.poll(() => statValue(page, 'Inactive').textContent()).toBe('1');
    await page.getByLabel('Status').first().selectOption('inactive');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rowEmails(page)).toEqual(['bo@example.com']);

    // The unsubscribe link is shown read-only.
    const link = await detail.getByLabel('Unsubscribe link').inputValue();
    expect(link).toMatch(/\/api\/subscriptions\/unsubscribe\/[A-Za-z0-9_-]+$/);
    expect(await detail.getByLabel('Unsubscribe link').getAttribute('readonly')).not.toBeNull();

    // Delete.
    await detail.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Select a subscriber to view and edit details').waitFor();
    await page.getByText('No subscribers match the current filters').waitFor();
    expect((await adminList()).map((entry) => entry.email).sort()).toEqual(['ana@example.com', 'cy@example.com']);
    await expect.poll(() => statValue(page, 'Total Subscribers').textContent()).toBe('2');
  });
});
