/**
 * Every ticket change commits with its message: the right type, the ticket's new version as aggregate
 * version, the ticket id as key, and no personal data. Numbers stay unique and consecutive under concurrency.
 */
import { describe, expect, it } from 'vitest';
import { collectMessages } from '@evently/platform/testing';
import { SUPPORT_TICKETS_TOPIC } from '../../contracts/messages.ts';
import { ADMIN_PASSWORD, supportHarnessPerTest, type SupportHarness } from '../../testing/support-harness.ts';

const asAdmin = { 'content-type': 'application/json', 'x-admin-password': ADMIN_PASSWORD };
const form = (n = 0) => ({
  user_name: `Visitor Number${n}`,
  user_email: `visitor${n}@example.com`,
  user_phone: '+351 900 111 222',
  subject: `Question ${n}`,
  description: 'Private words about my order 123-456.',
});

let h: SupportHarness;
supportHarnessPerTest((started) => {
  h = started;
});

describe('ticket numbers', () => {
  it('given 30 tickets created at once, then they get 30 distinct consecutive numbers', async () => {
    const created = await Promise.all(Array.from({ length: 30 }, (_, n) => h.module.commands.createTicket(form(n))));
    const numbers = created.map((c) => c.ticket.ticket_number).sort();
    expect(new Set(numbers).size).toBe(30);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, n) => `TT-2026-${String(n + 1).padStart(4, '0')}`));
  });

  it('given a new year on the clock, then the sequence restarts under that year', async () => {
    await h.module.commands.createTicket(form());
    h.clock.set('2027-01-01T00:00:01Z');
    expect((await h.module.commands.createTicket(form())).ticket.ticket_number).toBe('TT-2027-0001');
  });

  it('validates the command input like the HTTP body', async () => {
    await expect(h.module.commands.createTicket({ ...form(), user_email: 'nope' })).rejects.toThrow();
    expect(await h.store.count('support_tickets')).toBe(0);
  });
});

describe('domain messages', () => {
  it('given a ticket through its whole life, then each change logged its message at the new version', async () => {
    const { ticket, accessToken } = await h.module.commands.createTicket(form());
    const base = `${h.url}/api/support/tickets/${ticket.ticket_number}`;
    const send = (method: string, path: string, body: unknown, headers: Record<string, string> = asAdmin) =>
      fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    expect((await send('PUT', '/status', { status: 'in_progress' })).status).toBe(200);
    expect((await send('PUT', '/status', { status: 'in_progress' })).status).toBe(200); // same status, no message: no change
    expect((await send('PUT', '/status', { status: 'waiting_for_user', admin_message: 'Which date?' })).status).toBe(
      200,
    );
    expect((await send('POST', '/messages', { message: 'Saturday.' }, { 'x-ticket-token': accessToken })).status).toBe(
      201,
    );
    expect((await send('POST', '/messages', { message: 'Thanks, checking.', is_admin: true })).status).toBe(201);
    expect((await send('PUT', '/status', { status: 'resolved', admin_message: 'Fixed.' })).status).toBe(200);
    expect(
      (await fetch(`${h.url}/api/support/tickets/${ticket.id}`, { method: 'DELETE', headers: asAdmin })).status,
    ).toBe(200);

    const messages = await collectMessages(h.bus, [SUPPORT_TICKETS_TOPIC]);
    expect(messages.map((m) => [m.type, m.aggregate_version])).toEqual([
      ['SupportTicketOpened', 1],
      ['SupportTicketStatusChanged', 2],
      ['SupportTicketStatusChanged', 3],
      ['SupportTicketMessagePosted', 4],
      ['SupportTicketMessagePosted', 5],
      ['SupportTicketStatusChanged', 6],
      ['SupportTicketDeleted', 7],
    ]);
    expect(messages.every((m) => m.key === ticket.id && m.topic === 'evently.support-tickets' && m.version === 1)).toBe(
      true,
    );
    expect(messages.map((m) => m.data)).toEqual([
      {
        ticket_id: ticket.id,
        ticket_number: ticket.ticket_number,
        status: 'new',
        category: 'general',
        priority: 'medium',
      },
      {
        ticket_id: ticket.id,
        ticket_number: ticket.ticket_number,
        from: 'new',
        to: 'in_progress',
        admin_message_posted: false,
        message_index: null,
      },
      {
        ticket_id: ticket.id,
        ticket_number: ticket.ticket_number,
        from: 'in_progress',
        to: 'waiting_for_user',
        admin_message_posted: true,
        message_index: 0,
      },
      {
        ticket_id: ticket.id,
        ticket_number: ticket.ticket_number,
        is_admin: false,
        message_index: 1,
        status: 'in_progress',
        previous_status: 'waiting_for_user',
      },
      {
        ticket_id: ticket.id,
        ticket_number: ticket.ticket_number,
        is_admin: true,
        message_index: 2,
        status: 'in_progress',
        previous_status: 'in_progress',
      },
      {
        ticket_id: ticket.id,
        ticket_number: ticket.ticket_number,
        from: 'in_progress',
        to: 'resolved',
        admin_message_posted: true,
        message_index: 3,
      },
      { ticket_id: ticket.id, ticket_number: ticket.ticket_number },
    ]);
    // The log is replicated everywhere: no names, addresses, phone, token or conversation in it.
    const log = JSON.stringify(messages);
    for (const secret of [
      'Visitor',
      'visitor0@',
      '900 111',
      accessToken,
      'Private words',
      'Which date',
      'Saturday',
      'Fixed.',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('given a refused change, then nothing is logged', async () => {
    const { ticket, accessToken } = await h.module.commands.createTicket(form());
    await fetch(`${h.url}/api/support/tickets/${ticket.ticket_number}/status`, {
      method: 'PUT',
      headers: asAdmin,
      body: JSON.stringify({ status: 'closed' }),
    });
    const before = await h.loggedMessages();
    const refused = await fetch(`${h.url}/api/support/tickets/${ticket.ticket_number}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ticket-token': accessToken },
      body: JSON.stringify({ message: 'Reopen please' }),
    });
    expect(refused.status).toBe(409);
    expect(await h.loggedMessages()).toBe(before);
    expect((await h.store.get<{ version: number }>('support_tickets', ticket.id))!.version).toBe(2);
  });

  it('given concurrent admin replies, then none is lost and versions stay consecutive', async () => {
    const { ticket } = await h.module.commands.createTicket(form());
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        fetch(`${h.url}/api/support/tickets/${ticket.ticket_number}/messages`, {
          method: 'POST',
          headers: asAdmin,
          body: JSON.stringify({ message: `reply ${n}`, is_admin: true }),
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(201));
    const stored = await h.store.get<{ messages_count: number; version: number }>('support_tickets', ticket.id);
    expect(stored).toMatchObject({ messages_count: 8, version: 9 });
    expect((await collectMessages(h.bus, [SUPPORT_TICKETS_TOPIC])).map((m) => m.aggregate_version)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });
});
