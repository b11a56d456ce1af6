/**
 * The support desk as a workspace, over real HTTP, a real SQLite store and log and a real SMTP server: named
 * agents signing their work, internal notes that never reach the visitor, the ticket's timeline, canned
 * replies and who may use them, first-response targets, the queue's counts, sorting and assignment.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from '@evently/platform/testing';
import { collectMessages } from '@evently/platform/testing';
import { renderCannedReply, SUPPORT_TICKETS_TOPIC } from '../index.ts';
import { ADMIN_PASSWORD, supportHarnessPerTest, type SupportHarness } from '../testing/support-harness.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; the assertions say what they hold
type Json = Record<string, any>;

let h: SupportHarness;
const support = supportHarnessPerTest((started) => {
  h = started;
});

const admin = (agent?: string) => ({
  'x-admin-password': ADMIN_PASSWORD,
  ...(agent ? { 'x-admin-agent': agent } : {}),
});

async function call(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${h.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function open(overrides: Json = {}) {
  const { status, body } = await call('POST', '/api/support/tickets', {
    body: {
      user_name: 'Ana Visitor',
      user_email: 'ana@example.com',
      subject: 'Refund for a cancelled concert',
      description: 'The concert was cancelled.',
      category: 'refunds',
      priority: 'medium',
      ...overrides,
    },
  });
  expect(status).toBe(201);
  return { number: String(body.ticket.ticket_number), token: String(body.access_token) };
}

const adminView = async (number: string, agent?: string) =>
  (await call('GET', `/api/support/tickets/${number}`, { headers: admin(agent) })).body.ticket as Json;

describe('internal notes', () => {
  it("are the team's alone: never in the visitor's view, their pushes or their mail", async () => {
    const ticket = await open();
    const note = await call('POST', `/api/support/tickets/${ticket.number}/messages`, {
      headers: admin('Rita'),
      body: { message: 'Customer called twice, check the refund SECRET-NOTE', is_admin: true, is_internal: true },
    });
    expect(note.status).toBe(201);
    expect(note.body.ticket.messages).toEqual([
      expect.objectContaining({
        sender_name: 'Rita',
        is_admin: true,
        is_internal: true,
        message: expect.stringContaining('SECRET-NOTE'),
      }),
    ]);
    expect(note.body.ticket.notes_count).toBe(1);
    expect(note.body.ticket.status).toBe('new');

    const reply = await call('POST', `/api/support/tickets/${ticket.number}/messages`, {
      headers: admin('Rita'),
      body: { message: 'We are on it.', is_admin: true },
    });
    expect(reply.status).toBe(201);
    await h.runner.drained();

    const visitorView = await call('GET', `/api/support/tickets/${ticket.number}`, {
      headers: { 'x-ticket-token': ticket.token },
    });
    expect(visitorView.body.ticket.messages).toEqual([
      expect.objectContaining({ sender_name: 'Rita', message: 'We are on it.' }),
    ]);
    expect(visitorView.body.ticket.messages_count).toBe(1);
    expect(JSON.stringify(visitorView.body)).not.toContain('SECRET-NOTE');
    const byNumber = await call('GET', `/api/support/tickets/${ticket.number}`);
    expect(JSON.stringify(byNumber.body)).not.toContain('SECRET-NOTE');

    // Mail: the confirmation and the reply's update, nothing for the note.
    await waitFor(
      () => support.smtp.messages.filter((mail) => mail.envelopeTo.includes('ana@example.com')).length >= 2,
      'confirmation and reply mails',
    );
    const toVisitor = support.smtp.messages.filter((mail) => mail.envelopeTo.includes('ana@example.com'));
    expect(toVisitor).toHaveLength(2);
    for (const mail of support.smtp.messages) expect(`${mail.text}${mail.html || ''}`).not.toContain('SECRET-NOTE');

    // Pushes: the note reaches the admins only, and its admin push carries no conversation.
    const messages = await collectMessages(h.bus, [SUPPORT_TICKETS_TOPIC]);
    const notePosted = messages.find((message) => (message.data as Json).is_internal === true)!;
    const pushes = (await h.module.live.pushesFor(notePosted))!;
    expect(pushes.admin.change).toBe('note_added');
    expect(pushes.ticket).toBeNull();
    expect(pushes.status).toBeNull();
    for (const message of messages) {
      const live = await h.module.live.pushesFor(message);
      expect(JSON.stringify([live?.ticket, live?.status])).not.toContain('SECRET-NOTE');
    }
  });

  it('need the admin credential and is_admin', async () => {
    const ticket = await open();
    const asVisitor = await call('POST', `/api/support/tickets/${ticket.number}/messages`, {
      headers: { 'x-ticket-token': ticket.token },
      body: { message: 'sneaky', is_internal: true },
    });
    expect(asVisitor.status).toBe(400);
    const noCredential = await call('POST', `/api/support/tickets/${ticket.number}/messages`, {
      headers: { 'x-ticket-token': ticket.token },
      body: { message: 'sneaky', is_admin: true, is_internal: true },
    });
    expect(noCredential.status).toBe(401);
    expect((await adminView(ticket.number)).messages).toEqual([]);
  });
});

describe('the activity list', () => {
  it('tells who changed what and when, mail included, signed "Support team" without a name', async () => {
    const ticket = await open();
    await h.runner.drained();
    h.clock.advance(60_000);
    await call('PUT', `/api/support/tickets/${ticket.number}/status`, {
      headers: admin('Rita'),
      body: { status: 'in_progress' },
    });
    await call('PUT', `/api/support/tickets/${ticket.number}/priority`, {
      headers: admin('Rita'),
      body: { priority: 'urgent' },
    });
    await call('PUT', `/api/support/tickets/${ticket.number}/assignee`, {
      headers: admin('Rita'),
      body: { assignee: 'me' },
    });
    await call('POST', `/api/support/tickets/${ticket.number}/messages`, {
      headers: admin('Rita'),
      body: { message: 'Looking', is_admin: true, is_internal: true },
    });
    await call('POST', `/api/support/tickets/${ticket.number}/messages`, {
      headers: admin(),
      body: { message: 'Refund sent', is_admin: true },
    });
    await call('POST', `/api/support/tickets/${ticket.number}/messages`, {
      headers: { 'x-ticket-token': ticket.token },
      body: { message: 'Thanks' },
    });
    await h.runner.drained();
    await waitFor(() => support.smtp.messages.length >= 4, 'confirmation, team notice and two updates');
    await h.runner.drained();

    const view = await adminView(ticket.number);
    expect(view.assignee).toBe('Rita');
    expect(view.messages.map((message: Json) => message.sender_name)).toEqual(['Rita', 'Support team', 'Ana Visitor']);
    const activity = view.activity as Json[];
    const summary = activity
      .filter((entry) => entry.kind !== 'mail_sent')
      .map(({ kind, actor, from, to }) => ({ kind, actor, from, to }));
    expect(summary).toEqual([
      { kind: 'opened', actor: 'Visitor', from: undefined, to: 'new' },
      { kind: 'status_changed', actor: 'Rita', from: 'new', to: 'in_progress' },
      { kind: 'priority_changed', actor: 'Rita', from: 'medium', to: 'urgent' },
      { kind: 'assigned', actor: 'Rita', from: null, to: 'Rita' },
      { kind: 'note', actor: 'Rita', from: undefined, to: undefined },
      { kind: 'reply', actor: 'Support team', from: undefined, to: undefined },
      { kind: 'visitor_message', actor: 'Visitor', from: undefined, to: undefined },
    ]);
    const mails = activity.filter((entry) => entry.kind === 'mail_sent').map((entry) => entry.detail);
    expect(mails.sort()).toEqual(['confirmation', 'team', 'update', 'update']);
    for (const entry of activity) expect(entry.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The visitor never sees the timeline.
    const visitorView = await call('GET', `/api/support/tickets/${ticket.number}`, {
      headers: { 'x-ticket-token': ticket.token },
    });
    expect(visitorView.body.ticket.activity).toBeUndefined();
  });

  it('notes a mail the server refused', async () => {
    support.smtp.failAfter(0);
    const ticket = await open();
    await waitFor(
      async () => ((await adminView(ticket.number)).activity as Json[]).some((entry) => entry.kind === 'mail_failed'),
      'a failed mail on the timeline',
    );
    const failed = ((await adminView(ticket.number)).activity as Json[]).find((entry) => entry.kind === 'mail_failed')!;
    expect(failed).toMatchObject({ actor: 'System', detail: expect.stringMatching(/^(confirmation|team): /) });
    expect(JSON.stringify(failed)).not.toContain('ana@example.com');
    support.smtp.recover();
  });
});

describe('canned replies', () => {
  it("are the team's: every call needs the admin credential", async () => {
    for (const [method, path] of [
      ['GET', '/api/support/canned-replies'],
      ['POST', '/api/support/canned-replies'],
      ['PUT', '/api/support/canned-replies/x'],
      ['DELETE', '/api/support/canned-replies/x'],
    ] as const) {
      expect(
        (await call(method, path, method === 'GET' ? {} : { body: { title: 'T', body: 'B' } })).status,
        `${method} ${path}`,
      ).toBe(401);
    }
    expect(await h.store.count('support_canned_replies')).toBe(0);
  });

  it('are listed by title, changed, refused twice under one title, and removed', async () => {
    const created = await call('POST', '/api/support/canned-replies', {
      headers: admin('Rita'),
      body: { title: 'Refund timing', body: 'Hi {{name}}, your refund for {{ ticket_number }} takes 14 days.' },
    });
    expect(created.status).toBe(201);
    expect(created.body.canned_reply).toMatchObject({
      title: 'Refund timing',
      updated_by: 'Rita',
      id: expect.any(String),
    });
    const id = created.body.canned_reply.id as string;
    await call('POST', '/api/support/canned-replies', {
      headers: admin(),
      body: { title: 'Apology', body: 'Sorry, {{name}}.' },
    });
    expect(
      (
        await call('POST', '/api/support/canned-replies', {
          headers: admin(),
          body: { title: ' refund TIMING ', body: 'x' },
        })
      ).status,
    ).toBe(409);
    expect(
      (await call('POST', '/api/support/canned-replies', { headers: admin(), body: { title: '', body: 'x' } })).status,
    ).toBe(400);

    const list = await call('GET', '/api/support/canned-replies', { headers: admin() });
    expect(list.body.canned_replies.map((reply: Json) => reply.title)).toEqual(['Apology', 'Refund timing']);

    const updated = await call('PUT', `/api/support/canned-replies/${id}`, {
      headers: admin('Joe'),
      body: { title: 'Refund timing', body: 'Hi {{name}}: 10 days.' },
    });
    expect(updated.body.canned_reply).toMatchObject({ body: 'Hi {{name}}: 10 days.', updated_by: 'Joe' });
    expect(
      (await call('PUT', '/api/support/canned-replies/nope', { headers: admin(), body: { title: 'A', body: 'B' } }))
        .status,
    ).toBe(404);

    expect((await call('DELETE', `/api/support/canned-replies/${id}`, { headers: admin() })).status).toBe(200);
    expect((await call('DELETE', `/api/support/canned-replies/${id}`, { headers: admin() })).status).toBe(404);
    expect((await call('GET', '/api/support/canned-replies', { headers: admin() })).body.canned_replies).toHaveLength(
      1,
    );
  });

  it('come filled in for a ticket, for the reply box', async () => {
    const ticket = await open();
    const created = await call('POST', '/api/support/canned-replies', {
      headers: admin(),
      body: { title: 'Hello', body: 'Hi {{name}}, about {{ticket_number}}.' },
    });
    const id = created.body.canned_reply.id as string;
    const rendered = await call('GET', `/api/support/tickets/${ticket.number}/canned-replies/${id}`, {
      headers: admin(),
    });
    expect(rendered).toEqual({
      status: 200,
      body: { id, title: 'Hello', text: `Hi Ana Visitor, about ${ticket.number}.` },
    });
    expect(
      (
        await call('GET', `/api/support/tickets/${ticket.number}/canned-replies/${id}`, {
          headers: { 'x-ticket-token': ticket.token },
        })
      ).status,
    ).toBe(401);
    expect(
      (await call('GET', `/api/support/tickets/TT-2020-9999/canned-replies/${id}`, { headers: admin() })).status,
    ).toBe(404);
    expect(
      (await call('GET', `/api/support/tickets/${ticket.number}/canned-replies/nope`, { headers: admin() })).status,
    ).toBe(404);
  });

  it('fill in the name and the ticket number', () => {
    expect(
      renderCannedReply('Hi {{name}}, about {{ ticket_number }} ({{other}})', {
        name: 'Ana',
        ticket_number: 'TT-2026-0001',
      }),
    ).toBe('Hi Ana, about TT-2026-0001 ({{other}})');
  });
});

describe('the queue: first-response targets, counts, order and assignment', () => {
  it('gives each ticket its due time by priority and flags it overdue until the first reply', async () => {
    const urgent = await open({ priority: 'urgent' });
    const low = await open({ priority: 'low' });
    h.clock.advance(2 * 3_600_000);
    const rows = (await call('GET', '/api/support/tickets', { headers: admin() })).body.tickets as Json[];
    const row = (number: string) => rows.find((ticket) => ticket.ticket_number === number)!;
    expect(row(urgent.number).sla).toMatchObject({
      first_response_due_at: '2026-11-21T11:00:00.000Z',
      overdue: true,
      age_seconds: 7200,
      first_response_at: null,
    });
    expect(row(low.number).sla).toMatchObject({ first_response_due_at: '2026-11-22T10:00:00.000Z', overdue: false });

    await call('POST', `/api/support/tickets/${urgent.number}/messages`, {
      headers: admin(),
      body: { message: 'On it', is_admin: true, is_internal: true },
    });
    expect((await adminView(urgent.number)).sla.overdue).toBe(true);
    await call('POST', `/api/support/tickets/${urgent.number}/messages`, {
      headers: admin(),
      body: { message: 'Answered', is_admin: true },
    });
    expect((await adminView(urgent.number)).sla).toMatchObject({
      overdue: false,
      first_response_at: '2026-11-21T12:00:00.000Z',
      awaiting_reply_since: null,
    });
  });

  it('reads the targets from the options', async () => {
    await support.restart({ firstResponseHours: { urgent: 0.5, high: 4, medium: 8, low: 24 } });
    const urgent = await open({ priority: 'urgent' });
    expect((await adminView(urgent.number)).sla.first_response_due_at).toBe('2026-11-21T10:30:00.000Z');
  });

  it('counts per status, puts the longest-waiting visitor first, and filters Mine and Unassigned', async () => {
    const first = await open();
    h.clock.advance(60_000);
    const second = await open();
    h.clock.advance(60_000);
    const third = await open();
    await call('POST', `/api/support/tickets/${first.number}/messages`, {
      headers: admin(),
      body: { message: 'Answered', is_admin: true },
    });
    await call('PUT', `/api/support/tickets/${third.number}/status`, {
      headers: admin(),
      body: { status: 'in_progress' },
    });
    h.clock.advance(60_000);
    // The visitor of the first writes again: now waiting, but since later than the others.
    await call('POST', `/api/support/tickets/${first.number}/messages`, {
      headers: { 'x-ticket-token': first.token },
      body: { message: 'Any news?' },
    });

    const queue = (await call('GET', '/api/support/tickets?sort=oldest_waiting', { headers: admin() })).body;
    expect(queue.tickets.map((ticket: Json) => ticket.ticket_number)).toEqual([
      second.number,
      third.number,
      first.number,
    ]);
    expect(queue.counts).toEqual({ new: 2, in_progress: 1, waiting_for_user: 0, resolved: 0, closed: 0, all: 3 });

    expect(
      (
        await call('PUT', `/api/support/tickets/${second.number}/assignee`, {
          headers: admin(),
          body: { assignee: 'me' },
        })
      ).status,
    ).toBe(409);
    await call('PUT', `/api/support/tickets/${second.number}/assignee`, {
      headers: admin('Rita'),
      body: { assignee: 'me' },
    });
    await call('PUT', `/api/support/tickets/${third.number}/assignee`, {
      headers: admin('Rita'),
      body: { assignee: 'Joe' },
    });
    const numbers = async (query: string, agent?: string) =>
      ((await call('GET', `/api/support/tickets?${query}`, { headers: admin(agent) })).body.tickets as Json[])
        .map((ticket) => ticket.ticket_number)
        .sort();
    expect(await numbers('assignee=mine', 'Rita')).toEqual([second.number]);
    expect(await numbers('assignee=mine', 'Joe')).toEqual([third.number]);
    expect(await numbers('assignee=mine')).toEqual([]);
    expect(await numbers('assignee=unassigned')).toEqual([first.number]);
    expect(await numbers('assignee=all')).toHaveLength(3);
    expect((await call('GET', '/api/support/tickets?assignee=someone', { headers: admin() })).status).toBe(400);

    const released = await call('PUT', `/api/support/tickets/${third.number}/assignee`, {
      headers: admin('Rita'),
      body: { assignee: null },
    });
    expect(released.body.ticket.assignee).toBeNull();
    expect(
      (await call('PUT', `/api/support/tickets/${third.number}/assignee`, { body: { assignee: null } })).status,
    ).toBe(401);
  });
});
