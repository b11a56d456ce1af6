/**
 * Replies by mail over real SMTP: the support mails carry the ticket's signed Reply-To and threading headers;
 * a reply sent with nodemailer to the inbound listener lands on its ticket as the visitor's message, quoted
 * text stripped, live-pushed and reopening a resolved ticket; another sender, a forged signature or an
 * unknown mailbox is refused.
 */
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectMessages, waitFor } from '@evently/platform/testing';
import { replyAddress, SUPPORT_TICKETS_TOPIC, type InboundMailListener } from '../index.ts';
import { ADMIN_PASSWORD, supportHarnessPerTest, type SupportHarness } from '../testing/support-harness.ts';

const replies = { secret: 'a-test-secret-of-at-least-32-characters!', domain: 'reply.evently.test' };
let h: SupportHarness;
const support = supportHarnessPerTest(
  (started) => {
    h = started;
  },
  { replies },
);
let inbound: InboundMailListener;

beforeEach(async () => {
  inbound = await h.module.startInboundMail({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await inbound.close();
});

async function open() {
  const answer = await fetch(`${h.url}/api/support/tickets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user_name: 'Ana',
      user_email: 'Ana@Example.com',
      subject: 'Seats',
      description: 'Which seats?',
      category: 'general',
    }),
  });
  return ((await answer.json()) as { ticket: { ticket_number: string } }).ticket.ticket_number;
}

const admin = (path: string, init: RequestInit = {}) =>
  fetch(`${h.url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'x-admin-password': ADMIN_PASSWORD },
  });

async function send(from: string, to: string, text: string) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: inbound.port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({ from, to, subject: 'Re: your ticket', text });
    return 'accepted';
  } catch (error) {
    return `refused: ${(error as { responseCode?: number }).responseCode} ${(error as Error).message}`;
  } finally {
    transport.close();
  }
}

const quoted =
  'Row 12, please.\n\nOn Sat, 21 Nov 2026 at 10:00, Evently Support <support@evently.test>\nwrote:\n> Which seats would you like?\n> Regards\n\n-- \nAna\nSent with love';

describe('replies by mail', () => {
  it('sign a Reply-To per ticket and thread every mail on the confirmation', async () => {
    const number = await open();
    await admin(`/api/support/tickets/${number}/status`, {
      method: 'PUT',
      body: JSON.stringify({ status: 'waiting_for_user', admin_message: 'Which seats?' }),
    });
    await h.runner.drained();
    const visitorMails = () =>
      support.smtp.messages.filter((mail) => mail.envelopeTo.some((to) => to.toLowerCase() === 'ana@example.com'));
    await waitFor(() => visitorMails().length >= 2, 'two visitor mails');
    const toVisitor = visitorMails();
    const address = replyAddress(replies, number);
    expect(address).toMatch(/^reply\+tt-\d{4}-\d{4,}\.[0-9a-f]{24}@reply\.evently\.test$/);
    for (const mail of toVisitor) expect(mail.headers.get('reply-to')).toContain(address);
    const root = toVisitor[0]!.headers.get('message-id');
    expect(root).toMatch(/^<support-ticket-.+@evently\.test>$/);
    expect(toVisitor[1]!.headers.get('in-reply-to')).toBe(root);
    expect(toVisitor[1]!.headers.get('references')).toBe(root);
  });

  it("append a reply from the ticket's address with the quote and signature stripped, reopening a resolved ticket", async () => {
    const number = await open();
    await admin(`/api/support/tickets/${number}/status`, {
      method: 'PUT',
      body: JSON.stringify({ status: 'resolved' }),
    });
    expect(await send('Ana <ana@example.com>', replyAddress(replies, number), quoted)).toBe('accepted');
    const ticket = (
      (await (await admin(`/api/support/tickets/${number}`)).json()) as {
        ticket: {
          status: string;
          messages: Array<{ message: string; is_admin: boolean; sender_name: string }>;
          activity: Array<{ kind: string; detail?: string }>;
        };
      }
    ).ticket;
    expect(ticket.status).toBe('in_progress');
    expect(ticket.messages).toEqual([
      expect.objectContaining({ message: 'Row 12, please.', is_admin: false, sender_name: 'Ana' }),
    ]);
    expect(ticket.activity.some((entry) => entry.kind === 'visitor_message' && entry.detail === 'by e-mail')).toBe(
      true,
    );
    // Announced like any follow-up, so the live gateway pushes it to the team and the visitor.
    const posted = (await collectMessages(h.bus, [SUPPORT_TICKETS_TOPIC])).at(-1)!;
    expect(posted).toMatchObject({
      type: 'SupportTicketMessagePosted',
      data: { is_admin: false, status: 'in_progress', previous_status: 'resolved' },
    });
    expect((await h.module.live.pushesFor(posted))!.ticket!.payload.ticket!.status).toBe('in_progress');
  });

  it('refuse another sender, a forged signature, an unknown mailbox and a closed ticket', async () => {
    const number = await open();
    const other = await open();
    expect(await send('Mallory <mallory@example.com>', replyAddress(replies, number), 'Refund me')).toMatch(
      /^refused: 550 .*Only the address that opened this ticket/,
    );
    const forged = replyAddress(replies, number).replace(/\.([0-9a-f]{24})@/, '.000000000000000000000000@');
    expect(await send('ana@example.com', forged, 'hi')).toMatch(/^refused: 550/);
    // A valid signature of one ticket does not open another.
    const swapped = replyAddress(replies, number).replace(number.toLowerCase(), other.toLowerCase());
    expect(await send('ana@example.com', swapped, 'hi')).toMatch(/^refused: 550/);
    expect(await send('ana@example.com', 'support@reply.evently.test', 'hi')).toMatch(/^refused: 550/);
    await admin(`/api/support/tickets/${number}/status`, { method: 'PUT', body: JSON.stringify({ status: 'closed' }) });
    expect(await send('ana@example.com', replyAddress(replies, number), 'hi')).toMatch(/^refused: 550 .*closed/);
    const ticket = (
      (await (await admin(`/api/support/tickets/${number}`)).json()) as { ticket: { messages: unknown[] } }
    ).ticket;
    expect(ticket.messages).toEqual([]);
  });
});
