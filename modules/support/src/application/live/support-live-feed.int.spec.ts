/** What the realtime gateway is told to push for each support message, and who may follow a ticket. */
import { describe, expect, it } from 'vitest';
import { createEnvelope, type Delivered } from '@evently/platform';
import { collectMessages } from '@evently/platform/testing';
import { SUPPORT_TICKETS_TOPIC } from '../../contracts/messages.ts';
import { ADMIN_PASSWORD, supportHarnessPerTest, type SupportHarness } from '../../testing/support-harness.ts';

const form = {
  user_name: 'Ana Visitor',
  user_email: 'ana@example.com',
  user_phone: '+351 1',
  subject: 'Lost tickets',
  description: 'Private text',
};

let h: SupportHarness;
supportHarnessPerTest((started) => {
  h = started;
});

describe('pushesFor', () => {
  it('given each kind of change, then the admin room gets the row and the ticket room the public summary, with the version', async () => {
    const { ticket, accessToken } = await h.module.commands.createTicket(form);
    await fetch(`${h.url}/api/support/tickets/${ticket.ticket_number}/status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-admin-password': ADMIN_PASSWORD },
      body: JSON.stringify({ status: 'in_progress' }),
    });
    const [opened, changed] = await collectMessages(h.bus, [SUPPORT_TICKETS_TOPIC]);

    const first = await h.module.live.pushesFor(opened!);
    // The pushes read the current state: the ticket is at version 2 by now, already in progress.
    expect(first!.admin).toMatchObject({
      change: 'opened',
      ticket_number: ticket.ticket_number,
      id: ticket.id,
      version: 2,
    });
    expect(first!.admin.ticket).toMatchObject({
      user_email: 'ana@example.com',
      status: 'in_progress',
      messages_count: 0,
    });
    expect(first!.ticket!.ticketNumber).toBe(ticket.ticket_number);
    expect(first!.ticket!.payload).toMatchObject({
      change: 'opened',
      version: 2,
      ticket: { status: 'in_progress', subject: 'Lost tickets' },
    });

    const second = await h.module.live.pushesFor(changed!);
    expect(second!.admin.change).toBe('status_changed');
    expect(second!.ticket!.payload.change).toBe('status_changed');
    // Someone who typed the number follows the status alone: status and dates, nothing anyone wrote.
    expect(first!.status).toBeNull();
    expect(second!.status!.payload).toEqual({
      change: 'status_changed',
      ticket_number: ticket.ticket_number,
      version: 2,
      ticket: {
        ticket_number: ticket.ticket_number,
        status: 'in_progress',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });

    const publicJson = JSON.stringify([first!.ticket, second!.ticket]);
    for (const secret of ['Ana', 'ana@example.com', '+351 1', 'Private text', accessToken])
      expect(publicJson).not.toContain(secret);
    expect(JSON.stringify([first!.admin, second!.admin])).not.toContain(accessToken);
  });

  it('given a reply from the team, then the admin row carries the fresh SLA times, as the list call gives them', async () => {
    const { ticket } = await h.module.commands.createTicket(form);
    const admin = { 'content-type': 'application/json', 'x-admin-password': ADMIN_PASSWORD };
    const replied = await fetch(`${h.url}/api/support/tickets/${ticket.ticket_number}/messages`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ message: 'On it.', is_admin: true, sender_name: 'Rita' }),
    });
    expect(replied.status).toBeLessThan(300);
    const posted = (await collectMessages(h.bus, [SUPPORT_TICKETS_TOPIC])).at(-1)!;

    const row = (await h.module.live.pushesFor(posted))!.admin.ticket!;
    // Answered: no longer due nor waiting, so the queue stops showing "Reply due".
    expect(row.sla).toMatchObject({
      first_response_at: expect.any(String),
      overdue: false,
      awaiting_reply_since: null,
    });
    const list = (await (await fetch(`${h.url}/api/support/tickets`, { headers: admin })).json()) as {
      tickets: Array<{ ticket_number: string }>;
    };
    expect(row).toEqual(list.tickets.find((entry) => entry.ticket_number === ticket.ticket_number));
  });

  it('given a deletion, then every room hears of it with a null ticket and the deletion version', async () => {
    const { ticket } = await h.module.commands.createTicket(form);
    await fetch(`${h.url}/api/support/tickets/${ticket.id}`, {
      method: 'DELETE',
      headers: { 'x-admin-password': ADMIN_PASSWORD },
    });
    const messages = await collectMessages(h.bus, [SUPPORT_TICKETS_TOPIC]);
    const deleted = await h.module.live.pushesFor(messages.at(-1)!);
    expect(deleted).toEqual({
      admin: { change: 'deleted', ticket_number: ticket.ticket_number, id: ticket.id, version: 2, ticket: null },
      ticket: {
        ticketNumber: ticket.ticket_number,
        payload: { change: 'deleted', ticket_number: ticket.ticket_number, version: 2, ticket: null },
      },
      status: {
        ticketNumber: ticket.ticket_number,
        payload: { change: 'deleted', ticket_number: ticket.ticket_number, version: 2, ticket: null },
      },
    });
    // The ticket is gone, so the earlier message has nothing to show: its deletion push covers it.
    expect(await h.module.live.pushesFor(messages[0]!)).toBeNull();
  });

  it('given a message of another topic, an unknown type or malformed data, then it pushes nothing', async () => {
    const envelope = (topic: string, type: string, data: unknown): Delivered => ({
      ...createEnvelope({ topic, key: 'k', type, aggregateVersion: 1, data, occurredAt: new Date() }),
      offset: '1',
    });
    expect(await h.module.live.pushesFor(envelope('evently.subscribers', 'SupportTicketOpened', {}))).toBeNull();
    expect(await h.module.live.pushesFor(envelope(SUPPORT_TICKETS_TOPIC, 'SupportTicketEscalated', {}))).toBeNull();
    expect(
      await h.module.live.pushesFor(envelope(SUPPORT_TICKETS_TOPIC, 'SupportTicketOpened', { ticket_id: 1 })),
    ).toBeNull();
  });

  it('listens to the support topic', () => {
    expect(h.module.live.topics).toEqual([SUPPORT_TICKETS_TOPIC]);
  });
});

describe('canFollow', () => {
  it('is true only for that ticket with its own token', async () => {
    const first = await h.module.commands.createTicket(form);
    const second = await h.module.commands.createTicket(form);
    expect(await h.module.live.canFollow(first.ticket.ticket_number, first.accessToken)).toBe(true);
    expect(await h.module.live.canFollow(first.ticket.ticket_number.toLowerCase(), first.accessToken)).toBe(true);
    expect(await h.module.live.canFollow(first.ticket.ticket_number, second.accessToken)).toBe(false);
    expect(await h.module.live.canFollow(first.ticket.ticket_number, '')).toBe(false);
    expect(await h.module.live.canFollow('TT-2026-0999', first.accessToken)).toBe(false);
    expect(await h.module.live.canFollow('garbage', first.accessToken)).toBe(false);
  });
});
