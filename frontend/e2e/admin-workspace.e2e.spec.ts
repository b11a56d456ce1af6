/**
 * The support workspace in real Chromium against the real server: its own frame at desktop and phone sizes,
 * two named agents in two browser contexts (presence and typing both ways, assignment), two unnamed ones, the keyboard, the
 * timeline with notes and canned replies, and a visitor on a third context following a ticket by its number.
 * Screenshots go to docs/screenshots/admin-workspace/.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe.ts';
import { openContext, pagesPerTest, startBrowserHarness, type BrowserHarness } from './browser-harness.ts';
import { createTicketThroughApi } from './support-desk-harness.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/admin-workspace');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

let harness: BrowserHarness;
/** The public form takes five tickets per address in ten minutes: the specs share these. */
const TICKETS = {
  refund: 'Refund for a cancelled show',
  seats: 'Two agents: seats missing',
  keysFirst: 'Keys: first',
  keysSecond: 'Keys: second',
  tracked: 'Tracked by number',
} as const;
const numbers = {} as Record<keyof typeof TICKETS, string>;

beforeAll(async () => {
  harness = await startBrowserHarness();
  await mkdir(SHOTS, { recursive: true });
  for (const [key, subject] of Object.entries(TICKETS))
    numbers[key as keyof typeof TICKETS] = await createTicketThroughApi(harness, subject);
});

afterAll(async () => {
  await harness?.close();
});

const newPage = pagesPerTest((viewport = DESKTOP) => openContext(harness, { viewport }));

async function login(page: Page, name: string): Promise<void> {
  await page.goto(`${harness.server.url}/admin`);
  if (name) await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(harness.server.adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('tab', { name: 'Support Tickets', selected: true }).waitFor();
  await page.getByText('Live', { exact: true }).waitFor();
}

async function openTicket(page: Page, number: string, subject: string): Promise<Locator> {
  await page
    .getByRole('list', { name: 'Tickets' })
    .getByRole('button', { name: new RegExp(number) })
    .click();
  const detail = page.getByRole('article', { name: subject });
  await detail.waitFor();
  return detail;
}

const row = (page: Page, number: string) =>
  page.getByRole('list', { name: 'Tickets' }).getByRole('button', { name: new RegExp(number) });

async function adminCall(method: string, pathname: string, body?: unknown): Promise<Response> {
  return fetch(new URL(pathname, harness.server.url), {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Admin-Password': harness.server.adminPassword,
      Origin: new URL(harness.server.url).origin,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('the support workspace', () => {
  it('is a frame of its own at 1366x900: top bar, sections, the queue beside the ticket, and nothing failing in the console on load', async () => {
    const page = await newPage(DESKTOP);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${harness.server.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(problems).toEqual([]);
    expect(await page.locator('.site-header, .site-footer').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'login-desktop.png') });

    const number = numbers.refund;
    await login(page, 'Ana Desk');
    const banner = page.getByRole('banner');
    expect(await banner.textContent()).toContain('Signed in as Ana Desk');
    for (const name of ['Logout', 'Back to Events']) await banner.getByRole('button', { name }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Support Tickets',
      'Blog Posts',
      'Subscribers',
      'Reviews',
      'Partnerships',
    ]);
    const detail = await openTicket(page, number, TICKETS.refund);
    const queueBox = await page.getByRole('list', { name: 'Tickets' }).boundingBox();
    const detailBox = await detail.boundingBox();
    expect(detailBox!.x).toBeGreaterThan(queueBox!.x + queueBox!.width - 1);
    await detail.getByText(/Reply due in/).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'ticket-desktop.png') });
    // A reload while logged in goes straight back in, with nothing failing either.
    await page.reload();
    await page.getByRole('tab', { name: 'Support Tickets', selected: true }).waitFor();
    expect(await page.getByRole('banner').textContent()).toContain('Ana Desk');
    expect(problems).toEqual([]);
  });

  it('works on a phone (390x844): every section reachable, queue above the ticket, nothing wider than the screen', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${harness.server.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'login-phone.png') });
    const number = numbers.refund;
    await login(page, 'Bo Phone');
    for (const tab of await page.getByRole('tab').all()) {
      const box = await tab.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    await page.screenshot({ path: path.join(SHOTS, 'queue-phone.png') });
    const detail = await openTicket(page, number, TICKETS.refund);
    const queueBox = await page.getByRole('list', { name: 'Tickets' }).boundingBox();
    const detailBox = await detail.boundingBox();
    expect(detailBox!.y).toBeGreaterThan(queueBox!.y + queueBox!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await detail.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'ticket-phone.png') });
    await page.getByRole('tab', { name: 'Subscribers' }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Refresh' }).waitFor();
  });

  it('two agents see each other on a ticket, typing both ways, and who took it', async () => {
    const number = numbers.seats;
    const ana = await newPage(DESKTOP);
    const bo = await newPage(DESKTOP);
    await login(ana, 'Ana');
    await login(bo, 'Bo');

    const anaDetail = await openTicket(ana, number, 'Two agents: seats missing');
    // Bo sees Ana on the ticket in his list before opening it.
    await row(bo, number).getByText('Ana').waitFor();
    const boDetail = await openTicket(bo, number, 'Two agents: seats missing');
    await boDetail.getByText('Also viewing: Ana').waitFor();
    await anaDetail.getByText('Also viewing: Bo').waitFor();

    await boDetail.getByLabel('Send Reply').pressSequentially('Checking with the seller');
    await anaDetail.getByText('Bo is typing a reply').waitFor();
    await anaDetail.getByLabel('Send Reply').pressSequentially('I have this one');
    await boDetail.getByText('Ana is typing a reply').waitFor();

    await anaDetail.getByRole('button', { name: 'Assign to me' }).click();
    await anaDetail.getByText('Assigned to').getByText('Ana (you)').waitFor();
    await boDetail.getByText('Assigned to').getByText('Ana', { exact: true }).waitFor();
    await bo.getByRole('group', { name: 'Whose tickets' }).getByRole('button', { name: 'Unassigned' }).click();
    expect(await row(bo, number).count()).toBe(0);
    await ana.getByRole('group', { name: 'Whose tickets' }).getByRole('button', { name: 'Mine' }).click();
    await row(ana, number).waitFor();
    await ana.screenshot({ path: path.join(SHOTS, 'two-agents-desktop.png') });

    // Ana leaves: she disappears from Bo's view.
    await ana.close();
    await expect.poll(() => boDetail.getByText('Also viewing: Ana').count()).toBe(0);
    expect(await boDetail.getByText('Ana is typing a reply').count()).toBe(0);
  });

  it('two agents who both gave no name see each other ("Support team"), typing included', async () => {
    const number = numbers.refund;
    const first = await newPage(DESKTOP);
    const second = await newPage(DESKTOP);
    await login(first, '');
    await login(second, '');

    const firstDetail = await openTicket(first, number, TICKETS.refund);
    await row(second, number).getByText('Support team', { exact: true }).waitFor();
    const secondDetail = await openTicket(second, number, TICKETS.refund);
    await secondDetail.getByText('Also viewing: Support team').waitFor();
    await firstDetail.getByText('Also viewing: Support team').waitFor();
    await secondDetail.getByLabel('Send Reply').pressSequentially('Looking into it');
    await firstDetail.getByText('Support team is typing a reply').waitFor();
    await first.screenshot({ path: path.join(SHOTS, 'two-unnamed-agents-desktop.png') });
  });

  it('keyboard: j/k move through the queue, r and n open the composer, e resolves, ? lists the keys; typing is left alone', async () => {
    const first = numbers.keysFirst;
    const second = numbers.keysSecond;
    const page = await newPage(DESKTOP);
    await login(page, 'Kim');
    await page.getByPlaceholder('Search tickets...').fill('Keys:');
    await page.getByRole('heading', { name: 'Support Tickets' }).click();
    await page.keyboard.press('j');
    await page.getByRole('article', { name: 'Keys: second' }).waitFor();
    await page.keyboard.press('j');
    const detail = page.getByRole('article', { name: 'Keys: first' });
    await detail.waitFor();
    await page.keyboard.press('k');
    await page.getByRole('article', { name: 'Keys: second' }).waitFor();
    await page.keyboard.press('j');
    await detail.waitFor();
    expect(await row(page, first).getAttribute('aria-current')).toBe('true');
    expect(second).not.toBe(first);

    await page.keyboard.press('n');
    const noteBox = detail.getByLabel('Internal note', { exact: true });
    await expect.poll(() => noteBox.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('jk e only for the team');
    expect(await noteBox.inputValue()).toBe('jk e only for the team');
    await detail.getByRole('button', { name: 'Add note' }).click();
    await detail.locator('.timeline__note').getByText('jk e only for the team').waitFor();

    await detail.getByRole('heading', { name: 'Keys: first' }).focus();
    await page.keyboard.press('r');
    const replyBox = detail.getByLabel('Send Reply');
    await expect.poll(() => replyBox.evaluate((element) => element === document.activeElement)).toBe(true);
    await detail.getByRole('heading', { name: 'Keys: first' }).focus();
    await page.keyboard.press('e');
    await detail.locator('.ticket-badge', { hasText: 'Resolved' }).waitFor();
    await detail.getByText(/Kim changed the status from New to Resolved/).waitFor();

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'shortcuts-desktop.png') });
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
  });

  it('a canned reply goes in with /, signed by the agent; notes and status changes read apart in the timeline', async () => {
    const created = await adminCall('POST', '/api/support/canned-replies', {
      title: 'Refund from the seller',
      body: 'Hello {{name}}, refunds for {{ticket_number}} come from the seller.',
    });
    expect(created.status).toBe(201);
    const number = numbers.refund;
    const page = await newPage(DESKTOP);
    await login(page, 'Lea');
    const detail = await openTicket(page, number, TICKETS.refund);
    const box = detail.getByLabel('Send Reply');
    await box.click();
    await page.keyboard.type('/refu');
    await detail
      .getByRole('listbox', { name: 'Canned replies' })
      .getByRole('option', { name: /Refund from the seller/ })
      .waitFor();
    await page.keyboard.press('Enter');
    // The server fills the placeholders for this ticket.
    await expect.poll(() => box.inputValue()).toBe(`Hello Api Visitor, refunds for ${number} come from the seller.`);
    await detail.getByRole('button', { name: 'Send Reply' }).click();
    const reply = detail.locator('.conversation__message--team', { hasText: 'refunds for' });
    await reply.getByText('Lea', { exact: true }).waitFor();
    await detail.getByRole('button', { name: 'Wait for User' }).click();
    await detail
      .locator('.timeline__event', { hasText: 'Lea changed the status from New to Waiting for User' })
      .waitFor();
    await detail.getByText('First reply sent').waitFor();
    await detail.getByLabel('Priority').selectOption('high');
    await detail.locator('.timeline__event', { hasText: 'Lea changed the priority from Low to High' }).waitFor();
    await detail.getByRole('button', { name: 'Internal note' }).click();
    await detail.getByLabel('Internal note', { exact: true }).fill('Seller confirmed the refund by phone.');
    await detail.getByRole('button', { name: 'Add note' }).click();
    const note = detail.locator('.timeline__note', { hasText: 'Seller confirmed the refund by phone.' });
    await note.getByText('Lea', { exact: true }).waitFor();
    await detail.locator('.timeline').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'timeline-desktop.png') });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    // Buttons ease into their dark colours: axe reads them once the transitions have ended.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((animation) => !(animation instanceof CSSTransition) || animation.playState === 'finished'),
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'timeline-desktop-dark.png') });
  });

  it('a visitor following by number on a third device sees the status move live', async () => {
    const number = numbers.tracked;
    const visitor = await newPage(PHONE);
    await visitor.goto(`${harness.server.url}/support#search`);
    await visitor.getByRole('tab', { name: 'Track Ticket' }).click();
    await visitor.getByLabel('Ticket Number').fill(number);
    await visitor
      .getByRole('button', { name: /Search|Track/ })
      .first()
      .click();
    const result = visitor.locator('.ticket-result');
    await result.getByText('New', { exact: true }).waitFor();
    await result.getByText('Live', { exact: true }).waitFor();

    const agent = await newPage(DESKTOP);
    await login(agent, 'Max');
    const detail = await openTicket(agent, number, 'Tracked by number');
    await detail.getByRole('button', { name: 'In Progress' }).click();
    await result.getByText('In Progress', { exact: true }).waitFor();
    expect(await result.textContent()).not.toContain('Api Visitor');
    await visitor.screenshot({ path: path.join(SHOTS, 'visitor-by-number-phone.png') });
  });
});
