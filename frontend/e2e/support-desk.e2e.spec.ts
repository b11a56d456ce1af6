import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  logInToAdmin,
  openContext,
  pagesPerTest,
  startBrowserHarness,
  type BrowserHarness,
} from './browser-harness.ts';
import { createTicketThroughApi } from './support-desk-harness.ts';

let harness: BrowserHarness;

beforeAll(async () => {
  harness = await startBrowserHarness();
});

afterAll(async () => {
  await harness?.close();
});

const newPage = pagesPerTest((viewport) => openContext(harness, viewport ? { viewport } : {}));
const loginAsAdmin = (page: Page) => logInToAdmin(page, harness.server);

/** Tags the loaded document; a reload would lose the tag (hash and history changes keep it). */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

/** The admin queue's rows, top first, as their subjects. */
async function queueSubjects(admin: Page): Promise<string[]> {
  return admin.getByRole('list', { name: 'Tickets' }).locator('.admin-row__title').allTextContents();
}

describe('support desk, visitor and admin live (issue 9)', () => {
  it('a ticket sent through the form reaches the admin queue on top, and resolving it reaches the visitor, both without reload', async () => {
    const admin = await newPage();
    await loginAsAdmin(admin);
    await admin.getByText('Live', { exact: true }).waitFor();
    await markDocument(admin);

    // An older ticket first, so "on top" means something.
    await createTicketThroughApi(harness, 'An older question');
    await admin.getByRole('button', { name: /An older question/ }).waitFor();

    const visitor = await newPage();
    await visitor.goto(`${harness.server.url}/support#contact`);
    await markDocument(visitor);
    await visitor.getByRole('tab', { name: 'Contact Support', selected: true }).waitFor();
    await visitor.getByLabel('Your Name').fill('Vera Visitor');
    await visitor.getByLabel('Email Address').fill('vera@example.com');
    await visitor.getByLabel('Subject').fill('My tickets never arrived');
    await visitor.getByLabel('Category').selectOption({ label: 'Tickets & booking' });
    await visitor.getByLabel('Priority').selectOption('high');
    await visitor.getByLabel('Description').fill('I bought two tickets yesterday and got no e-mail from the seller.');
    await visitor.getByRole('button', { name: 'Submit Ticket' }).click();

    await visitor
      .getByText('Support ticket created successfully! You will receive an email confirmation shortly.')
      .waitFor();
    await visitor.getByRole('tab', { name: 'Track Ticket', selected: true }).waitFor();
    const number = await visitor.getByLabel('Ticket Number').inputValue();
    expect(number).toMatch(/^TT-\d{4}-\d{4,}$/);
    await visitor.locator('.ticket-result').getByText('New', { exact: true }).waitFor();
    await visitor.locator('.ticket-result').getByText('Live', { exact: true }).waitFor();

    await admin.getByRole('button', { name: /My tickets never arrived/ }).waitFor();
    expect(await queueSubjects(admin)).toEqual(['My tickets never arrived', 'An older question']);

    await admin.getByRole('button', { name: /My tickets never arrived/ }).click();
    const detail = admin.getByRole('article', { name: 'My tickets never arrived' });
    await detail.getByText('vera@example.com').waitFor();
    await detail.getByRole('button', { name: 'Resolve' }).click();
    await detail.locator('.ticket-badge', { hasText: 'Resolved' }).waitFor();

    await visitor.locator('.ticket-result').getByText('Resolved', { exact: true }).waitFor();
    expect(await isSameDocument(visitor)).toBe(true);
    expect(await isSameDocument(admin)).toBe(true);
  });

  it('shows a change made by another admin at once in the list and the open ticket', async () => {
    const number = await createTicketThroughApi(harness, 'Two admins, one ticket');
    const first = await newPage();
    const second = await newPage();
    await loginAsAdmin(first);
    await loginAsAdmin(second);
    await first.getByText('Live', { exact: true }).waitFor();
    await first.getByRole('button', { name: new RegExp(number) }).click();
    const openDetail = first.getByRole('article', { name: 'Two admins, one ticket' });
    await openDetail.getByText('No replies yet.').waitFor();

    await second.getByRole('button', { name: new RegExp(number) }).click();
    const otherDetail = second.getByRole('article', { name: 'Two admins, one ticket' });
    await otherDetail.getByLabel('Send Reply').fill('We are on it.');
    await otherDetail.getByRole('button', { name: 'Send Reply' }).click();
    await otherDetail.getByRole('button', { name: 'Wait for User' }).click();

    await openDetail.getByText('We are on it.').waitFor();
    await openDetail.locator('.ticket-badge', { hasText: 'Waiting for User' }).waitFor();
    await first
      .getByRole('button', { name: new RegExp(number) })
      .getByText('Waiting for User')
      .waitFor();
  });

  it("refuses a wrong password with 'Invalid password' and keeps the panel closed", async () => {
    const page = await newPage();
    await page.goto(`${harness.server.url}/admin`);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Invalid password');
    expect(await page.getByRole('tab', { name: 'Support Tickets' }).count()).toBe(0);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(
      'not-the-password',
    );
  });

  it("says 'Reconnecting…' while the admin socket is down and catches up on what it missed", async () => {
    const admin = await newPage();
    const context = admin.context();
    await loginAsAdmin(admin);
    await admin.getByText('Live', { exact: true }).waitFor();

    // Offline keeps the page from reconnecting; cutting the transport on the server takes the open socket down
    // at once (offline emulation alone leaves an open WebSocket up until the ping timeout, about 45 s).
    await context.setOffline(true);
    harness.server.server.realtime?.dropTransports();
    await admin.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor();
    await createTicketThroughApi(harness, 'Sent during the outage');

    await context.setOffline(false);
    await admin.getByText('Live', { exact: true }).waitFor({ timeout: 30_000 });
    await admin.getByRole('button', { name: /Sent during the outage/ }).waitFor();
    expect(await admin.getByText('Reconnecting…').count()).toBe(0);
  });

  it('opens the tracking link from the e-mail and drops the token from the address bar', async () => {
    const response = await fetch(new URL('/api/support/tickets', harness.server.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        user_name: 'Link User',
        user_email: 'link@example.com',
        subject: 'Link check',
        description: 'Via e-mail link',
        website: '',
      }),
    });
    const { ticket, access_token } = (await response.json()) as {
      ticket: { ticket_number: string };
      access_token: string;
    };
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${harness.server.url}/support?ticket=${ticket.ticket_number}&token=${access_token}#search`);
    await page.getByText('Via e-mail link').waitFor();
    await page.getByLabel('Add a message').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).hash).toBe('#search');
  });
});
