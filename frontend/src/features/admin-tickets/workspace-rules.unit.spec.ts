import type { ActivityView } from '@evently/support/contracts';
import { describe, expect, it } from 'vitest';
import type { AdminTicketSummary } from './api.ts';
import { fillCannedReply, matchingReplies, slashQueryAt } from './canned-picker.ts';
import { byAssignee, ordered, statusCounts } from './queue-view.ts';
import { firstResponseState } from './sla-text.ts';
import { timelineItems } from './timeline-items.ts';

type Row = Pick<AdminTicketSummary, 'ticket_number' | 'assignee' | 'status' | 'created_at' | 'messages_count' | 'sla'>;

const row = (number: string, overrides: Partial<Row> = {}): Row => ({
  ticket_number: number,
  assignee: null,
  status: 'new',
  created_at: '2025-07-01T10:00:00.000Z',
  messages_count: 0,
  ...overrides,
});

describe('queue views', () => {
  const tickets = [row('A', { assignee: 'Ana' }), row('B'), row('C', { assignee: 'Bo', status: 'resolved' })];

  it('keeps Mine, Unassigned or All; an agent without a name has nothing of their own', () => {
    expect(byAssignee(tickets, 'mine', 'Ana').map((t) => t.ticket_number)).toEqual(['A']);
    expect(byAssignee(tickets, 'mine', null)).toEqual([]);
    expect(byAssignee(tickets, 'unassigned', 'Ana').map((t) => t.ticket_number)).toEqual(['B']);
    expect(byAssignee(tickets, 'all', null)).toHaveLength(3);
  });

  it('counts per status', () => {
    expect(statusCounts(tickets)).toEqual({ new: 2, in_progress: 0, waiting_for_user: 0, resolved: 1, closed: 0 });
  });

  it('puts the longest-waiting visitor first, then the rest newest first', () => {
    const sla = (since: string | null) => ({
      age_seconds: 0,
      first_response_due_at: '2025-07-02T00:00:00.000Z',
      first_response_at: null,
      overdue: false,
      awaiting_reply_since: since,
    });
    const queue = [
      row('new-answered', { created_at: '2025-07-03T10:00:00.000Z', sla: sla(null), status: 'in_progress' }),
      row('waiting-short', { created_at: '2025-07-02T10:00:00.000Z', sla: sla('2025-07-02T12:00:00.000Z') }),
      row('waiting-long', { created_at: '2025-07-01T10:00:00.000Z', sla: sla('2025-07-01T10:00:00.000Z') }),
      row('old-answered', { created_at: '2025-06-01T10:00:00.000Z', sla: sla(null), status: 'waiting_for_user' }),
    ];
    expect(ordered(queue, 'oldest_waiting').map((t) => t.ticket_number)).toEqual([
      'waiting-long',
      'waiting-short',
      'new-answered',
      'old-answered',
    ]);
    expect(ordered(queue, 'newest').map((t) => t.ticket_number)).toEqual([
      'new-answered',
      'waiting-short',
      'waiting-long',
      'old-answered',
    ]);
  });
});

describe('first-response target', () => {
  const now = Date.parse('2025-07-01T12:00:00.000Z');
  const sla = (due: string, answered: string | null = null) => ({
    age_seconds: 0,
    first_response_due_at: due,
    first_response_at: answered,
    overdue: false,
    awaiting_reply_since: null,
  });

  it('says due in, soon, overdue, or met', () => {
    expect(firstResponseState({ status: 'new', sla: sla('2025-07-01T20:00:00.000Z') }, now)).toEqual({
      tone: 'due',
      text: 'Reply due in 8 h',
    });
    expect(firstResponseState({ status: 'new', sla: sla('2025-07-01T12:30:00.000Z') }, now)).toEqual({
      tone: 'soon',
      text: 'Reply due in 30 min',
    });
    expect(firstResponseState({ status: 'new', sla: sla('2025-07-01T10:00:00.000Z') }, now)).toEqual({
      tone: 'overdue',
      text: 'Reply overdue by 2 h',
    });
    expect(
      firstResponseState({ status: 'new', sla: sla('2025-07-01T10:00:00.000Z', '2025-07-01T09:00:00.000Z') }, now)
        ?.tone,
    ).toBe('met');
    expect(firstResponseState({ status: 'closed', sla: sla('2025-07-01T10:00:00.000Z') }, now)).toBeNull();
  });
});

describe('timeline', () => {
  it('shows messages once, and status changes as events with who, before the message they carried', () => {
    const messages = [
      {
        sender_name: 'Ana',
        message: 'Refunds come from the seller.',
        is_admin: true,
        created_at: '2025-07-01T11:00:00.000Z',
      },
      {
        sender_name: 'Ana',
        message: 'Checked with the seller',
        is_admin: true,
        is_internal: true,
        created_at: '2025-07-01T11:05:00.000Z',
      },
    ];
    const activity: ActivityView[] = [
      { kind: 'opened', actor: 'Visitor', at: '2025-07-01T10:00:00.000Z' },
      { kind: 'reply', actor: 'Ana', at: '2025-07-01T11:00:00.000Z', message_index: 0 },
      { kind: 'status_changed', actor: 'Ana', at: '2025-07-01T11:00:00.000Z', from: 'new', to: 'waiting_for_user' },
      { kind: 'note', actor: 'Ana', at: '2025-07-01T11:05:00.000Z', message_index: 1 },
      { kind: 'mail_failed', actor: 'System', at: '2025-07-01T11:06:00.000Z', detail: 'mailbox unavailable' },
    ];
    const items = timelineItems(messages, activity).map((item) =>
      item.kind === 'event' ? `event: ${item.text}` : `message: ${item.message.message}`,
    );
    expect(items).toEqual([
      'event: Ticket opened',
      'event: Ana changed the status from New to Waiting for User',
      'message: Refunds come from the seller.',
      'message: Checked with the seller',
      'event: Mail could not be sent: mailbox unavailable',
    ]);
  });
});

describe('canned replies in the reply box', () => {
  it('finds the /word at the caret only at a word start', () => {
    expect(slashQueryAt('/ref', 4)).toEqual({ start: 0, query: 'ref' });
    expect(slashQueryAt('Hi /', 4)).toEqual({ start: 3, query: '' });
    expect(slashQueryAt('and/or', 6)).toBeNull();
  });

  it('matches title or text and fills the placeholders', () => {
    const replies = [
      { id: '1', title: 'Refund', body: 'Hi {{name}}, refunds come from the seller.' },
      { id: '2', title: 'Thanks', body: 'Thanks for {{ ticket_number }}.' },
    ];
    expect(matchingReplies(replies, 'SELLER').map((reply) => reply.id)).toEqual(['1']);
    expect(fillCannedReply(replies[1]!.body, { name: 'Ana', ticket_number: 'TT-2025-0001' })).toBe(
      'Thanks for TT-2025-0001.',
    );
  });
});
