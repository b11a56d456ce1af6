import { describe, expect, it } from 'vitest';
import { makeTicket } from '../testing/make-ticket.ts';
import { newAccessToken, tokensMatch } from './access-token.ts';
import { toAdminSummary, toAdminTicket, toPublicDetail, toPublicSummary, toStatusView } from './ticket-views.ts';

const ticket = makeTicket({
  status: 'in_progress',
  messages: [
    { sender_name: 'Ana Visitor', message: 'Any news?', is_admin: false, created_at: '2026-11-21T11:00:00.000Z' },
    { sender_name: 'Rui (Evently Support)', message: 'Fixed.', is_admin: true, created_at: '2026-11-21T12:00:00.000Z' },
  ],
  messages_count: 2,
  version: 3,
});
const personal = [ticket.user_name, ticket.user_email, ticket.user_phone!, ticket.access_token];

describe('what each reader sees', () => {
  it('a number alone: the status and dates, nothing anyone wrote', () => {
    const resolved = { ...ticket, status: 'resolved' as const, resolution: 'Refunded to the card ending 0042.' };
    expect(toStatusView(resolved)).toEqual({
      ticket_number: ticket.ticket_number,
      status: 'resolved',
      created_at: ticket.created_at,
      updated_at: ticket.updated_at,
    });
  });

  it("the token holder's summary (and live pushes): the subject, the counts and the resolution", () => {
    expect(Object.keys(toPublicSummary(ticket)).sort()).toEqual(
      [
        'created_at',
        'category',
        'messages_count',
        'priority',
        'resolution',
        'status',
        'subject',
        'ticket_number',
        'updated_at',
        'version',
      ].sort(),
    );
  });

  it('the token holder: adds the description and the conversation, their own messages as "You"', () => {
    const detail = toPublicDetail(ticket);
    expect(detail.description).toBe(ticket.description);
    expect(detail.messages.map((m) => m.sender_name)).toEqual(['You', 'Rui (Evently Support)']);
    expect(Object.keys(detail)).not.toContain('id');
  });

  it.each([
    ['status view', toStatusView(ticket)],
    ['summary', toPublicSummary(ticket)],
    ['detail', toPublicDetail(ticket)],
  ])('the public %s never carries the name, e-mail, phone or token', (_label, view) => {
    const json = JSON.stringify(view);
    for (const value of personal) expect(json).not.toContain(value);
    expect(json).not.toContain('Ana');
  });

  it('an administrator: every field including the contact data and browser, but never the token', () => {
    const full = toAdminTicket(ticket);
    expect(full).toMatchObject({
      id: ticket.id,
      user_name: 'Ana Visitor',
      user_email: 'ana@example.com',
      user_phone: '+351 900 000 000',
      page_url: ticket.page_url,
      browser_info: ticket.browser_info,
      version: 3,
    });
    expect(full.messages[0]?.sender_name).toBe('Ana Visitor');
    expect(JSON.stringify(full)).not.toContain(ticket.access_token);
  });

  it('the admin list row: the admin ticket without its conversation', () => {
    const row = toAdminSummary(ticket);
    expect(row).not.toHaveProperty('messages');
    expect(row.messages_count).toBe(2);
    expect(JSON.stringify(row)).not.toContain(ticket.access_token);
  });
});

describe('ticket tokens', () => {
  it('are 256-bit URL-safe strings, different every time', () => {
    const token = newAccessToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newAccessToken()).not.toBe(token);
  });

  it('match only exactly', () => {
    const token = newAccessToken();
    expect(tokensMatch(token, token)).toBe(true);
    expect(tokensMatch(`${token}x`, token)).toBe(false);
    expect(tokensMatch(token.slice(1), token)).toBe(false);
    expect(tokensMatch('', token)).toBe(false);
  });
});
