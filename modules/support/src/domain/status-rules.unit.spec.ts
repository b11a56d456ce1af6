import { describe, expect, it } from 'vitest';
import { makeTicket } from '../testing/make-ticket.ts';
import { decideAdminReply, decideAdminStatus, decideVisitorFollowUp } from './status-rules.ts';
import { ADMIN_SETTABLE_STATUSES, TICKET_STATUSES } from '../contracts/vocabulary.ts';
import type { TicketMessage } from './ticket.ts';

const adminMessage = (message = 'We have fixed the date.'): TicketMessage => ({
  sender_name: 'Evently Support',
  message,
  is_admin: true,
  created_at: '2026-11-21T11:00:00.000Z',
});
const visitorMessage = (message = 'Any news?'): TicketMessage => ({
  sender_name: 'Ana Visitor',
  message,
  is_admin: false,
  created_at: '2026-11-21T12:00:00.000Z',
});

describe('an administrator setting the status', () => {
  for (const from of TICKET_STATUSES) {
    for (const to of ADMIN_SETTABLE_STATUSES) {
      if (from === to) continue;
      it(`given a ${from} ticket, when set to ${to}, then it is ${to}`, () => {
        const decision = decideAdminStatus(makeTicket({ status: from }), to, null);
        expect(decision).toMatchObject({ kind: 'status_changed', from, to, messageIndex: null, patch: { status: to } });
      });
    }
  }

  it('given a message, appends it as an admin message and points at it', () => {
    const ticket = makeTicket({ status: 'new', messages: [visitorMessage()], messages_count: 1 });
    const decision = decideAdminStatus(ticket, 'in_progress', adminMessage('Looking into it'));
    expect(decision.kind).toBe('status_changed');
    if (decision.kind !== 'status_changed') return;
    expect(decision.messageIndex).toBe(1);
    expect(decision.patch.messages_count).toBe(2);
    expect(decision.patch.messages[1]).toMatchObject({ is_admin: true, message: 'Looking into it' });
    expect(decision.patch.resolution).toBeNull();
  });

  it.each(['resolved', 'closed'] as const)(
    'given a message, when set to %s, then the message becomes the resolution',
    (to) => {
      const decision = decideAdminStatus(
        makeTicket({ status: 'in_progress' }),
        to,
        adminMessage('Date corrected to Saturday.'),
      );
      expect(decision.kind !== 'unchanged' && decision.patch.resolution).toBe('Date corrected to Saturday.');
    },
  );

  it('when resolved without a message, then the earlier resolution is kept', () => {
    const decision = decideAdminStatus(
      makeTicket({ status: 'closed', resolution: 'Earlier answer' }),
      'resolved',
      null,
    );
    expect(decision.kind !== 'unchanged' && decision.patch.resolution).toBe('Earlier answer');
  });

  it('given the same status and no message, then nothing changes', () => {
    expect(decideAdminStatus(makeTicket({ status: 'in_progress' }), 'in_progress', null)).toEqual({
      kind: 'unchanged',
    });
  });

  it('given the same status and a message, then it is just a reply', () => {
    const decision = decideAdminStatus(makeTicket({ status: 'waiting_for_user' }), 'waiting_for_user', adminMessage());
    expect(decision).toMatchObject({
      kind: 'reply',
      messageIndex: 0,
      patch: { status: 'waiting_for_user', messages_count: 1 },
    });
  });
});

describe("a visitor's follow-up", () => {
  it.each([
    ['new', 'new'],
    ['in_progress', 'in_progress'],
    ['waiting_for_user', 'in_progress'],
    ['resolved', 'in_progress'],
  ] as const)('given a %s ticket, then it is %s afterwards', (from, to) => {
    const decision = decideVisitorFollowUp(makeTicket({ status: from }), visitorMessage());
    expect(decision).toMatchObject({ kind: 'posted', messageIndex: 0, patch: { status: to, messages_count: 1 } });
  });

  it('given a closed ticket, then it is refused', () => {
    expect(decideVisitorFollowUp(makeTicket({ status: 'closed' }), visitorMessage())).toEqual({
      kind: 'refused_closed',
    });
  });

  it('is always stored as a visitor message, whatever it claimed', () => {
    const decision = decideVisitorFollowUp(makeTicket(), { ...visitorMessage(), is_admin: true });
    expect(decision.kind === 'posted' && decision.patch.messages[0]?.is_admin).toBe(false);
  });
});

describe("an administrator's reply", () => {
  it.each(TICKET_STATUSES)('given a %s ticket, appends the reply and leaves the status alone', (status) => {
    const { patch, messageIndex } = decideAdminReply(
      makeTicket({ status, messages: [visitorMessage()], messages_count: 1 }),
      adminMessage(),
    );
    expect(patch.status).toBe(status);
    expect(messageIndex).toBe(1);
    expect(patch.messages[1]?.is_admin).toBe(true);
  });
});
