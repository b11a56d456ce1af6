/**
 * The support mails through a real SMTP server: the right mails with the right content, each exactly once,
 * and never again on a redelivery, a replay of the mailers' groups or a rebuild of the read models.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAILBOX_CAP, mailboxKey, projectorGroup } from '@evently/platform';
import { waitFor } from '@evently/platform/testing';
import type { ReceivedMail } from '@evently/mail/testing';
import { SUPPORT_TICKETS_TOPIC } from '../../contracts/messages.ts';
import {
  ADMIN_PASSWORD,
  SUPPORT_INBOX,
  supportHarnessPerTest,
  type SupportHarness,
} from '../../testing/support-harness.ts';
import { TEAM_MAILER_NAME } from './team-mailer.ts';
import { VISITOR_MAILER_NAME } from './visitor-mailer.ts';

const asAdmin = { 'content-type': 'application/json', 'x-admin-password': ADMIN_PASSWORD };
const form = {
  user_name: 'Ana <Visitor>',
  user_email: 'ana@example.com',
  user_phone: '+351 900 111 222',
  subject: 'Refund for <b>Fado</b> night',
  description: 'It was cancelled.\nWho refunds me?',
  category: 'refunds',
  priority: 'high',
  page_url: 'https://evently.test/event/7',
};

let h: SupportHarness;
const support = supportHarnessPerTest((started) => {
  h = started;
});

async function settled(): Promise<ReceivedMail[]> {
  await h.runner.drained();
  return [...support.smtp.messages];
}

const to = (mails: ReceivedMail[], address: string) => mails.filter((mail) => mail.envelopeTo.includes(address));

async function openTicket(overrides: Partial<typeof form> = {}) {
  const response = await fetch(`${h.url}/api/support/tickets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...form, ...overrides }),
  });
  const body = (await response.json()) as { ticket: { ticket_number: string }; access_token: string };
  return { number: body.ticket.ticket_number, token: body.access_token };
}

const setStatus = (number: string, body: unknown) =>
  fetch(`${h.url}/api/support/tickets/${number}/status`, {
    method: 'PUT',
    headers: asAdmin,
    body: JSON.stringify(body),
  });
const postMessage = (number: string, body: unknown, headers: Record<string, string> = asAdmin) =>
  fetch(`${h.url}/api/support/tickets/${number}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('when a ticket is opened', () => {
  it('mails the visitor a confirmation with the number and the private tracking link', async () => {
    const { number, token } = await openTicket();
    const [mail, ...others] = to(await settled(), 'ana@example.com');
    expect(others).toHaveLength(0);
    // Our words and the number only: the visitor's subject is quoted in the body, escaped, never in the header.
    expect(mail!.headers.get('subject')).toBe(`[${number}] We received your request`);
    expect(mail!.text).toContain('Subject: Refund for <b>Fado</b> night');
    expect(mail!.html).toContain('Refund for &lt;b&gt;Fado&lt;/b&gt; night');
    const link = `http://evently.test/support?ticket=${number}&token=${token}#search`;
    expect(mail!.text).toContain(`Ticket number: ${number}`);
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(link.replace('&', '&amp;'));
    expect(mail!.html).toContain('Ana &lt;Visitor&gt;');
    expect(mail!.html).not.toContain('<b>Fado</b>');
  });

  it('mails the team inbox the details and the admin link, replying to the visitor', async () => {
    const { number, token } = await openTicket();
    const [mail, ...others] = to(await settled(), SUPPORT_INBOX);
    expect(others).toHaveLength(0);
    expect(mail!.headers.get('subject')).toBe(`[${number}] New high ticket: Refunds & exchanges`);
    expect(mail!.headers.get('reply-to')).toBe('ana@example.com');
    expect(mail!.text).toContain('From: Ana <Visitor> <ana@example.com>');
    expect(mail!.text).toContain('Phone: +351 900 111 222');
    expect(mail!.text).toContain('Page: https://evently.test/event/7');
    expect(mail!.text).toContain('It was cancelled.\nWho refunds me?');
    expect(mail!.text).toContain('http://evently.test/admin');
    expect(mail!.text).not.toContain(token);
  });

  it('sends no team mail when no inbox is configured', async () => {
    await support.restart({ supportInbox: undefined });
    expect(h.module.projectors.map((p) => p.name)).toEqual([VISITOR_MAILER_NAME]);
    await openTicket();
    expect((await settled()).map((mail) => mail.envelopeTo)).toEqual([['ana@example.com']]);
  });
});

describe('when the team answers', () => {
  it('mails the visitor on every status change and every admin reply; one mail when a change carries a message', async () => {
    const { number, token } = await openTicket();
    await settled();
    support.smtp.messages.length = 0;

    expect((await setStatus(number, { status: 'in_progress' })).status).toBe(200);
    expect(
      (await setStatus(number, { status: 'waiting_for_user', admin_message: 'Which <date>?', admin_name: 'Rui' }))
        .status,
    ).toBe(200);
    expect((await postMessage(number, { message: 'Saturday.' }, { 'x-ticket-token': token })).status).toBe(201);
    expect((await postMessage(number, { message: 'Thanks, we are checking.', is_admin: true })).status).toBe(201);

    const mails = to(await settled(), 'ana@example.com');
    expect(mails.map((mail) => mail.headers.get('subject'))).toEqual([
      `[${number}] Status: In Progress`,
      `[${number}] Status: Waiting for User (new reply)`,
      `[${number}] New reply`,
    ]);
    expect(mails[1]!.text).toContain('is now: Waiting for User.');
    expect(mails[1]!.text).toContain('Rui wrote:\n\nWhich <date>?');
    expect(mails[1]!.html).toContain('Which &lt;date&gt;?');
    expect(mails[2]!.text).toContain('Support team wrote:\n\nThanks, we are checking.');
    for (const mail of mails) expect(mail.text).toContain(`token=${token}`);
    // The visitor's own follow-up mails nobody.
    expect(support.smtp.messages.some((mail) => mail.text?.includes('Saturday.'))).toBe(false);
  });

  it('sends nothing for a status set again without a message', async () => {
    const { number } = await openTicket();
    await setStatus(number, { status: 'resolved' });
    await settled();
    support.smtp.messages.length = 0;
    await setStatus(number, { status: 'resolved' });
    expect(await settled()).toHaveLength(0);
  });
});

describe('the per-mailbox cap', () => {
  it("confirms tickets to one inbox only up to the cap, whatever the spelling of the address, and never a visitor's text in the Subject", async () => {
    const spellings = ['victim@example.com', 'Victim@Example.com', 'victim+1@example.com', 'VICTIM+spam@example.com'];
    for (let i = 0; i < 8; i += 1)
      await openTicket({ user_email: spellings[i % spellings.length]!, subject: 'Visit http://spam.example now' });
    const toVictim = (await settled()).filter((mail) =>
      mail.envelopeTo.some((address) => mailboxKey(address) === 'victim@example.com'),
    );
    expect(toVictim).toHaveLength(DEFAULT_MAILBOX_CAP.limit);
    for (const mail of toVictim)
      expect(mail.headers.get('subject')).toMatch(/^\[TT-\d{4}-\d{4,}\] We received your request$/);
    // The team still hears of every ticket.
    expect(to(support.smtp.messages, SUPPORT_INBOX)).toHaveLength(8);
  });

  it("never holds back the team's answer, and a confirmation that failed to send used up nothing", async () => {
    support.smtp.failAfter(0);
    const first = await openTicket();
    await waitFor(
      () => to(support.smtp.refused, 'ana@example.com').length >= 1,
      'the confirmation refused by the server',
    );
    support.smtp.recover();
    await settled();
    for (let i = 1; i < DEFAULT_MAILBOX_CAP.limit; i += 1) await openTicket();
    expect(to(await settled(), 'ana@example.com')).toHaveLength(DEFAULT_MAILBOX_CAP.limit);
    await openTicket();
    expect(to(await settled(), 'ana@example.com')).toHaveLength(DEFAULT_MAILBOX_CAP.limit);
    expect((await setStatus(first.number, { status: 'resolved', admin_message: 'Refunded.' })).status).toBe(200);
    const mails = to(await settled(), 'ana@example.com');
    expect(mails).toHaveLength(DEFAULT_MAILBOX_CAP.limit + 1);
    expect(mails.at(-1)!.headers.get('subject')).toBe(`[${first.number}] Status: Resolved (new reply)`);
  });

  it('refuses an address that would be mailed somewhere else, and mails nothing', async () => {
    const response = await fetch(`${h.url}/api/support/tickets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...form, user_email: 'v1<victim@x.example>.z' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'user_email: Please enter a valid email address' });
    expect(await settled()).toHaveLength(0);
  });
});

describe('at most once', () => {
  it('a replay of the mailers from the start of the log sends nothing again', async () => {
    const { number } = await openTicket();
    await setStatus(number, { status: 'resolved', admin_message: 'Done.' });
    const before = (await settled()).length;
    expect(before).toBe(3);

    for (const name of [VISITOR_MAILER_NAME, TEAM_MAILER_NAME])
      await h.bus.resetGroup(projectorGroup({ name }), [SUPPORT_TICKETS_TOPIC]);
    expect(await settled()).toHaveLength(before);
    expect(await h.bus.lag(projectorGroup({ name: VISITOR_MAILER_NAME }), [SUPPORT_TICKETS_TOPIC])).toEqual({
      [SUPPORT_TICKETS_TOPIC]: 0,
    });
  });

  it('a rebuild of the read models leaves the mailers alone, and they refuse to be rebuilt by name', async () => {
    await openTicket();
    const before = (await settled()).length;
    await h.runner.rebuild();
    await expect(h.runner.rebuild([VISITOR_MAILER_NAME])).rejects.toThrow(/side effects/);
    expect(await settled()).toHaveLength(before);
  });

  it('a mail that fails is retried and then sent once', async () => {
    support.smtp.failAfter(0);
    await openTicket();
    await waitFor(
      () =>
        to(support.smtp.refused, 'ana@example.com').length >= 2 && to(support.smtp.refused, SUPPORT_INBOX).length >= 2,
      'both mails refused and tried again',
    );
    expect(support.smtp.messages).toHaveLength(0);
    support.smtp.recover();
    await settled();
    expect(to(support.smtp.messages, 'ana@example.com')).toHaveLength(1);
    expect(to(support.smtp.messages, SUPPORT_INBOX)).toHaveLength(1);
  });

  it('a ticket deleted before its mail went out gets none', async () => {
    await h.runner.stop();
    const { number } = await openTicket();
    await fetch(`${h.url}/api/support/tickets/${number}`, { method: 'DELETE', headers: asAdmin });
    await h.runner.start();
    expect(await settled()).toHaveLength(0);
  });
});
