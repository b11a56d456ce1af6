import { describe, expect, it } from 'vitest';
import { applyAdminPush, applyAdminPushToDetail, conversationIsBehind, mergeTicketPush } from './apply-push.ts';
import type {
  AdminQueueRow as AdminTicketSummary,
  AdminTicketPush,
  PublicTicketDetail,
} from '@evently/support/contracts';
import { TICKET_ROW } from '../../testing/ticket-row.ts';

function makeTicket(overrides: Partial<AdminTicketSummary> = {}): AdminTicketSummary {
  return {
    ...TICKET_ROW,
    assignee: null,
    notes_count: 0,
    sla: {
      age_seconds: 0,
      first_response_due_at: '2025-07-01T18:00:00.000Z',
      first_response_at: null,
      overdue: false,
      awaiting_reply_since: '2025-07-01T10:00:00.000Z',
    },
    ...overrides,
  };
}

function pushOf(ticket: AdminTicketSummary, change: AdminTicketPush['change'] = 'status_changed'): AdminTicketPush {
  return { change, ticket_number: ticket.ticket_number, id: ticket.id, version: ticket.version, ticket };
}

describe('admin list pushes', () => {
  it('puts a new ticket on top of the newest-first list', () => {
    const list = [makeTicket()];
    const fresh = makeTicket({ id: 'id-2', ticket_number: 'TT-2025-0002', created_at: '2025-07-02T10:00:00.000Z' });
    expect(applyAdminPush(list, pushOf(fresh, 'opened'))).toBe(true);
    expect(list.map((ticket) => ticket.ticket_number)).toEqual(['TT-2025-0002', 'TT-2025-0001']);
  });

  it('replaces a ticket with a newer version', () => {
    const list = [makeTicket()];
    applyAdminPush(list, pushOf(makeTicket({ status: 'resolved', version: 2 })));
    expect(list[0]?.status).toBe('resolved');
  });

  it('drops a push whose version is not above the cached one (stale or repeated)', () => {
    const list = [makeTicket({ status: 'resolved', version: 3 })];
    expect(applyAdminPush(list, pushOf(makeTicket({ status: 'in_progress', version: 2 })))).toBe(false);
    expect(applyAdminPush(list, pushOf(makeTicket({ status: 'closed', version: 3 })))).toBe(false);
    expect(list[0]).toMatchObject({ status: 'resolved', version: 3 });
  });

  it('does not add the same opened ticket twice', () => {
    const list = [makeTicket()];
    expect(applyAdminPush(list, pushOf(makeTicket(), 'opened'))).toBe(false);
    expect(list).toHaveLength(1);
  });

  it('removes a deleted ticket', () => {
    const list = [makeTicket()];
    expect(
      applyAdminPush(list, { change: 'deleted', ticket_number: 'TT-2025-0001', id: 'id-1', version: 2, ticket: null }),
    ).toBe(true);
    expect(list).toEqual([]);
  });
});

describe('pushes for an open ticket', () => {
  const detail = (): PublicTicketDetail => ({
    ticket_number: 'TT-2025-0001',
    subject: 'Refund',
    category: 'refunds',
    priority: 'medium',
    status: 'new',
    created_at: '2025-07-01T10:00:00.000Z',
    updated_at: '2025-07-01T10:00:00.000Z',
    messages_count: 0,
    resolution: null,
    version: 1,
    description: 'Who do I ask?',
    messages: [],
  });

  it('merges a newer summary and keeps the conversation', () => {
    const ticket = detail();
    const outcome = mergeTicketPush(ticket, {
      change: 'status_changed',
      version: 2,
      ticket: { ...ticket, status: 'resolved', version: 2, resolution: 'Done' },
    });
    expect(outcome).toBe('merged');
    expect(ticket).toMatchObject({
      status: 'resolved',
      resolution: 'Done',
      version: 2,
      description: 'Who do I ask?',
      messages: [],
    });
  });

  it('drops an older or repeated push', () => {
    const ticket = { ...detail(), status: 'closed' as const, version: 4 };
    expect(
      mergeTicketPush(ticket, { change: 'status_changed', version: 4, ticket: { ...ticket, status: 'resolved' } }),
    ).toBe('dropped');
    expect(ticket.status).toBe('closed');
  });

  it('says when a new message makes the conversation fall behind', () => {
    const ticket = detail();
    mergeTicketPush(ticket, {
      change: 'message_posted',
      version: 2,
      ticket: { ...ticket, messages_count: 1, version: 2 },
    });
    expect(conversationIsBehind(ticket)).toBe(true);
  });

  it('reports a deletion', () => {
    expect(mergeTicketPush(detail(), { change: 'deleted', version: 2, ticket: null })).toBe('deleted');
  });
});

describe('admin pushes for an open ticket', () => {
  it('takes the whole pushed row once, keeping the conversation', () => {
    const open = { ...makeTicket({ status: 'new' }), messages: [{ text: 'kept' }] };
    const row = makeTicket({ status: 'in_progress', version: 2, assignee: 'Ana' } as Partial<AdminTicketSummary>);
    expect(applyAdminPushToDetail(open, pushOf(row))).toBe(true);
    expect(open).toMatchObject({ status: 'in_progress', version: 2, assignee: 'Ana', messages: [{ text: 'kept' }] });
  });

  it('drops a stale push and leaves a deletion to the list', () => {
    const open = makeTicket({ status: 'resolved', version: 3 });
    expect(applyAdminPushToDetail(open, pushOf(makeTicket({ status: 'new', version: 2 })))).toBe(false);
    expect(
      applyAdminPushToDetail(open, {
        change: 'deleted',
        ticket_number: open.ticket_number,
        id: open.id,
        version: 4,
        ticket: null,
      }),
    ).toBe(false);
    expect(open).toMatchObject({ status: 'resolved', version: 3 });
  });
});
