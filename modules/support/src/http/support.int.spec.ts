/**
 * The support calls of spec 02 §7 over real HTTP, a real SQLite store and log and a real SMTP server on
 * 127.0.0.1: every call with its refusals, the privacy rule, and "nothing is written on a 4xx".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, supportHarnessPerTest, type SupportHarness } from '../testing/support-harness.ts';

const visitor = {
  user_name: 'Ana Visitor',
  user_email: 'ana.visitor@example.com',
  user_phone: '+351 912 345 678',
  subject: 'Refund for a cancelled concert',
  description: 'The concert on Friday was cancelled. Who refunds me?',
  category: 'refunds',
  priority: 'high',
  page_url: 'https://evently.test/event/42',
  browser_info: { userAgent: 'Firefox/140', language: 'pt-PT', platform: 'Linux', screenResolution: '1920x1080' },
};

type Json = Record<string, unknown>;
interface Created {
  number: string;
  token: string;
  id: string;
}

let h: SupportHarness;
const support = supportHarnessPerTest((started) => {
  h = started;
});
/** Every public (non-admin) answer of the test, checked for personal data at the end of each test. */
let publicAnswers: Array<{ body: string; isCreate: boolean }>;
/** Every access token handed out in the test. */
let tokens: string[];

async function call(
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string>; raw?: string } = {},
) {
  const response = await fetch(`${h.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
    ...(init.raw !== undefined
      ? { body: init.raw }
      : init.body !== undefined
        ? { body: JSON.stringify(init.body) }
        : {}),
  });
  const text = await response.text();
  // Malformed JSON is refused by the body parser in front of the module, which may answer in plain text.
  const body = (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { text }) as Json;
  if (!init.headers?.['x-admin-password'])
    publicAnswers.push({ body: text, isCreate: method === 'POST' && path === '/api/support/tickets' });
  if (typeof body.access_token === 'string') tokens.push(body.access_token);
  return { status: response.status, body, headers: response.headers };
}
const asAdmin = { 'x-admin-password': ADMIN_PASSWORD };

async function create(overrides: Json = {}): Promise<Created> {
  const { status, body } = await call('POST', '/api/support/tickets', { body: { ...visitor, ...overrides } });
  expect(status).toBe(201);
  const ticket = body.ticket as Json;
  const admin = await call('GET', `/api/support/tickets/${String(ticket.ticket_number)}`, { headers: asAdmin });
  return {
    number: String(ticket.ticket_number),
    token: String(body.access_token),
    id: String((admin.body.ticket as Json).id),
  };
}

async function nothingWritten(action: () => Promise<unknown>) {
  const before = { docs: await h.store.count('support_tickets'), log: await h.loggedMessages() };
  await action();
  expect({ docs: await h.store.count('support_tickets'), log: await h.loggedMessages() }).toEqual(before);
}

beforeEach(async () => {
  publicAnswers = [];
  tokens = [];
});
afterEach(async () => {
  // The privacy rule over everything a visitor could read in this test: never the name, e-mail or phone, and
  // never a token except in the create call's own answer.
  const forbidden = [visitor.user_name, visitor.user_email, visitor.user_phone, 'Ana', 'ana.visitor'];
  for (const answer of publicAnswers) {
    for (const value of [...forbidden, ...(answer.isCreate ? [] : tokens)]) expect(answer.body).not.toContain(value);
  }
});

describe('categories and FAQ', () => {
  it('serves the categories as value and label', async () => {
    const { status, body } = await call('GET', '/api/support/categories');
    expect(status).toBe(200);
    const categories = body.categories as Array<{ value: string; label: string }>;
    expect(categories).toContainEqual({ value: 'tickets_booking', label: 'Tickets & booking' });
    expect(categories.every((c) => c.value && c.label)).toBe(true);
  });

  it('serves 8 to 12 FAQ entries as question and answer', async () => {
    const faq = (await call('GET', '/api/support/faq')).body.faq as Array<{ question: string; answer: string }>;
    expect(faq.length).toBeGreaterThanOrEqual(8);
    expect(faq.length).toBeLessThanOrEqual(12);
    expect(faq.map((entry) => entry.answer).join(' ')).toMatch(/seller/);
  });
});

describe('POST /api/support/tickets', () => {
  it('creates a ticket: 201 with the exact message, the public detail with its number, and the token once', async () => {
    const { status, body } = await call('POST', '/api/support/tickets', { body: visitor });
    expect(status).toBe(201);
    expect(body.message).toBe('Support ticket created successfully! You will receive an email confirmation shortly.');
    expect(body.ticket).toMatchObject({
      ticket_number: 'TT-2026-0001',
      subject: visitor.subject,
      description: visitor.description,
      category: 'refunds',
      priority: 'high',
      status: 'new',
      messages_count: 0,
      messages: [],
      resolution: null,
      version: 1,
    });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(body.ticket)).not.toContain(String(body.access_token));
    expect((await call('POST', '/api/support/tickets', { body: visitor })).body.ticket).toMatchObject({
      ticket_number: 'TT-2026-0002',
    });
  });

  it('defaults the priority to medium and the category to general', async () => {
    const { body } = await call('POST', '/api/support/tickets', {
      body: { user_name: 'Bo', user_email: 'bo@example.com', subject: 'Hi', description: 'Question' },
    });
    expect(body.ticket).toMatchObject({ priority: 'medium', category: 'general' });
  });

  it.each([
    [{ user_name: undefined }, /^user_name: /],
    [{ user_email: undefined }, /^user_email: /],
    [{ subject: '   ' }, /^subject: /],
    [{ description: undefined }, /^description: /],
    [{ user_email: 'not-an-email' }, /^user_email: Please enter a valid email address$/],
    [{ category: 'lottery' }, /^category: Unknown category$/],
    [{ priority: 'critical' }, /^priority: Unknown priority/],
    [{ subject: 's'.repeat(201) }, /^subject: .*200 characters$/],
    [{ page_url: 'ftp://files.example/x' }, /^page_url: must be an http\(s\) address$/],
  ])('answers 400 naming the field for %j and writes nothing', async (change, error) => {
    await nothingWritten(async () => {
      const { status, body } = await call('POST', '/api/support/tickets', { body: { ...visitor, ...change } });
      expect(status).toBe(400);
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error).toMatch(error);
    });
  });

  it('answers a filled honeypot like a success, without a ticket, and stores nothing', async () => {
    await nothingWritten(async () => {
      const { status, body } = await call('POST', '/api/support/tickets', {
        body: { ...visitor, website: 'http://spam.example' },
      });
      expect(status).toBe(201);
      expect(body).toEqual({
        message: 'Support ticket created successfully! You will receive an email confirmation shortly.',
      });
    });
  });

  it('rate-limits creation per client address with 429 { error } and Retry-After', async () => {
    await support.restart({ createLimit: { limit: 2, windowMs: 60_000 } });
    await create();
    await create();
    await nothingWritten(async () => {
      const refused = await call('POST', '/api/support/tickets', { body: visitor });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.body.error).toMatch(/Too many/);
    });
  });
});

describe('GET /api/support/tickets/:number', () => {
  it('without a token: the status and dates only', async () => {
    const { number } = await create();
    const { status, body } = await call('GET', `/api/support/tickets/${number}`);
    expect(status).toBe(200);
    expect(Object.keys(body.ticket as Json).sort()).toEqual(['created_at', 'status', 'ticket_number', 'updated_at']);
  });

  it('keeps the closing message for the token holder and the admin: the number alone never shows it', async () => {
    const { number, token } = await create();
    const closing = 'Refund 4471 approved for the card ending 0042.';
    expect(
      (
        await call('PUT', `/api/support/tickets/${number}/status`, {
          headers: asAdmin,
          body: { status: 'closed', admin_message: closing },
        })
      ).status,
    ).toBe(200);

    const byNumber = await call('GET', `/api/support/tickets/${number}`);
    expect(byNumber.body.ticket).toMatchObject({ ticket_number: number, status: 'closed' });
    expect(JSON.stringify(byNumber.body)).not.toContain(closing);
    expect(JSON.stringify(byNumber.body)).not.toContain(visitor.subject);

    const holder = await call('GET', `/api/support/tickets/${number}`, { headers: { 'x-ticket-token': token } });
    expect(holder.body.ticket).toMatchObject({ status: 'closed', resolution: closing, subject: visitor.subject });
    const admin = await call('GET', `/api/support/tickets/${number}`, { headers: asAdmin });
    expect(admin.body.ticket).toMatchObject({ resolution: closing });
  });

  it('with the token in the header or the link: the description and the conversation too', async () => {
    const { number, token } = await create();
    const byHeader = await call('GET', `/api/support/tickets/${number}`, { headers: { 'x-ticket-token': token } });
    expect(byHeader.status).toBe(200);
    expect(byHeader.body.ticket).toMatchObject({
      ticket_number: number,
      description: visitor.description,
      messages: [],
    });
    const byQuery = await call('GET', `/api/support/tickets/${number}?token=${encodeURIComponent(token)}`);
    expect(byQuery.body.ticket).toEqual(byHeader.body.ticket);
  });

  it('refuses a wrong token with 403', async () => {
    const { number, token } = await create();
    const { status, body } = await call('GET', `/api/support/tickets/${number}`, {
      headers: { 'x-ticket-token': `${token.slice(0, -1)}x` },
    });
    expect(status).toBe(403);
    expect(body).toEqual({ error: 'This tracking link is not valid for this ticket' });
  });

  it('accepts the number in any case', async () => {
    const { number } = await create();
    expect((await call('GET', `/api/support/tickets/${number.toLowerCase()}`)).body.ticket).toMatchObject({
      ticket_number: number,
    });
  });

  it.each(['TT-2026-9999', 'TT-2026-1', 'nonsense', '%2E%2E%2Fetc'])(
    'answers 404 for unknown or malformed %s',
    async (number) => {
      await create();
      const { status, body } = await call('GET', `/api/support/tickets/${number}`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'Ticket not found' });
    },
  );

  it('gives an administrator the whole ticket without the token', async () => {
    const { number, token } = await create();
    const { body } = await call('GET', `/api/support/tickets/${number}`, { headers: asAdmin });
    expect(body.ticket).toMatchObject({
      ticket_number: number,
      user_name: visitor.user_name,
      user_email: visitor.user_email,
      user_phone: visitor.user_phone,
      page_url: visitor.page_url,
      browser_info: visitor.browser_info,
      messages: [],
    });
    expect(JSON.stringify(body)).not.toContain(token);
  });

  it('rate-limits visitor lookups per address with 429 { error }, but never an administrator', async () => {
    await support.restart({ lookupLimit: { limit: 3, windowMs: 60_000 } });
    const { number } = await create();
    for (let i = 0; i < 3; i += 1) expect((await call('GET', `/api/support/tickets/${number}`)).status).toBe(200);
    const refused = await call('GET', `/api/support/tickets/${number}`);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/Too many/);
    for (let i = 0; i < 5; i += 1)
      expect((await call('GET', `/api/support/tickets/${number}`, { headers: asAdmin })).status).toBe(200);
  });
});

describe('GET /api/support/tickets (admin list)', () => {
  it('refuses without or with a wrong credential', async () => {
    expect((await call('GET', '/api/support/tickets')).status).toBe(401);
    expect((await call('GET', '/api/support/tickets', { headers: { 'x-admin-password': 'wrong' } })).status).toBe(401);
  });

  it('lists newest first with the count, filters by status and searches subject, name and number', async () => {
    const first = await create({ subject: 'Digest in the wrong city' });
    h.clock.advance(60_000);
    await create({ subject: 'Partnership', user_name: 'Carla Organiser' });
    h.clock.advance(60_000);
    const third = await create({ subject: 'Review missing' });
    await call('PUT', `/api/support/tickets/${third.number}/status`, {
      headers: asAdmin,
      body: { status: 'resolved' },
    });

    const all = (await call('GET', '/api/support/tickets', { headers: asAdmin })).body.tickets as Json[];
    expect(all.map((t) => t.subject)).toEqual(['Review missing', 'Partnership', 'Digest in the wrong city']);
    expect(all[0]).toMatchObject({ user_email: visitor.user_email, messages_count: 0, version: 2, status: 'resolved' });
    expect(all[0]).not.toHaveProperty('messages');
    expect(JSON.stringify(all)).not.toContain(first.token);

    const subjects = async (query: string) =>
      ((await call('GET', `/api/support/tickets?${query}`, { headers: asAdmin })).body.tickets as Json[]).map(
        (t) => t.subject,
      );
    expect(await subjects('status=resolved')).toEqual(['Review missing']);
    expect(await subjects('status=all')).toHaveLength(3);
    expect(await subjects('search=DIGEST')).toEqual(['Digest in the wrong city']);
    expect(await subjects('search=carla')).toEqual(['Partnership']);
    expect(await subjects(`search=${first.number.toLowerCase()}`)).toEqual(['Digest in the wrong city']);
    expect(await subjects('search=review&status=new')).toEqual([]);
    expect((await call('GET', '/api/support/tickets?status=open', { headers: asAdmin })).status).toBe(400);
  });
});

describe('PUT /api/support/tickets/:number/status', () => {
  it('refuses without the admin credential and writes nothing', async () => {
    const { number } = await create();
    await nothingWritten(async () => {
      expect((await call('PUT', `/api/support/tickets/${number}/status`, { body: { status: 'closed' } })).status).toBe(
        401,
      );
    });
  });

  it('sets the status with a message that becomes the resolution, signed by the support team by default', async () => {
    const { number } = await create();
    const { status, body } = await call('PUT', `/api/support/tickets/${number}/status`, {
      headers: asAdmin,
      body: { status: 'resolved', admin_message: 'The seller refunds you automatically within 14 days.' },
    });
    expect(status).toBe(200);
    expect(body.ticket).toMatchObject({
      status: 'resolved',
      resolution: 'The seller refunds you automatically within 14 days.',
      messages_count: 1,
      messages: [
        {
          sender_name: 'Support team',
          is_admin: true,
          message: 'The seller refunds you automatically within 14 days.',
        },
      ],
      user_email: visitor.user_email,
    });
  });

  it('uses the admin name when given', async () => {
    const { number } = await create();
    const { body } = await call('PUT', `/api/support/tickets/${number}/status`, {
      headers: asAdmin,
      body: {
        status: 'waiting_for_user',
        admin_message: 'Which city?',
        admin_name: 'Rui',
        admin_email: 'rui@evently.test',
      },
    });
    expect((body.ticket as { messages: Json[] }).messages[0]).toMatchObject({ sender_name: 'Rui' });
  });

  it.each([
    [{ status: 'new' }, /^status: A ticket cannot be set back to new/],
    [{ status: 'done' }, /^status: Unknown status/],
    [{}, /^status: /],
  ])('answers 400 for %j and writes nothing', async (payload, error) => {
    const { number } = await create();
    await nothingWritten(async () => {
      const { status, body } = await call('PUT', `/api/support/tickets/${number}/status`, {
        headers: asAdmin,
        body: payload,
      });
      expect(status).toBe(400);
      expect(body.error).toMatch(error);
    });
  });

  it('answers 404 for an unknown ticket', async () => {
    const { status, body } = await call('PUT', '/api/support/tickets/TT-2026-0404/status', {
      headers: asAdmin,
      body: { status: 'closed' },
    });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Ticket not found' });
  });
});

describe('POST /api/support/tickets/:number/messages', () => {
  it('lets an administrator reply: 201 with the admin ticket', async () => {
    const { number } = await create();
    const { status, body } = await call('POST', `/api/support/tickets/${number}/messages`, {
      headers: asAdmin,
      body: { message: 'We are on it.', sender_name: 'Rui', is_admin: true },
    });
    expect(status).toBe(201);
    expect(body.ticket).toMatchObject({
      status: 'new',
      messages_count: 1,
      messages: [{ sender_name: 'Rui', is_admin: true }],
      user_name: visitor.user_name,
    });
  });

  it('refuses is_admin without the admin credential with 401, even with the ticket token', async () => {
    const { number, token } = await create();
    await nothingWritten(async () => {
      const { status, body } = await call('POST', `/api/support/tickets/${number}/messages`, {
        headers: { 'x-ticket-token': token },
        body: { message: 'I am the admin now', is_admin: true },
      });
      expect(status).toBe(401);
      expect(body.error).toBeTruthy();
    });
  });

  it('takes a visitor follow-up with the token (header or body), stored as theirs and shown as "You"', async () => {
    const { number, token, id } = await create();
    const { status, body } = await call('POST', `/api/support/tickets/${number}/messages`, {
      body: { message: 'Any news?', sender_name: 'Someone Else', token },
    });
    expect(status).toBe(201);
    expect(body.ticket).toMatchObject({
      messages_count: 1,
      messages: [{ sender_name: 'You', is_admin: false, message: 'Any news?' }],
    });
    const stored = await h.store.get<{ messages: Json[] }>('support_tickets', id);
    expect(stored!.messages[0]).toMatchObject({ sender_name: visitor.user_name, is_admin: false });
    const viaHeader = await call('POST', `/api/support/tickets/${number}/messages`, {
      headers: { 'x-ticket-token': token },
      body: { message: 'Hello?' },
    });
    expect(viaHeader.status).toBe(201);
  });

  it('refuses a visitor without or with a wrong token with 403', async () => {
    const { number } = await create();
    await nothingWritten(async () => {
      expect((await call('POST', `/api/support/tickets/${number}/messages`, { body: { message: 'hi' } })).status).toBe(
        403,
      );
      const wrong = await call('POST', `/api/support/tickets/${number}/messages`, {
        body: { message: 'hi', token: 'guess' },
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toEqual({ error: 'This tracking link is not valid for this ticket' });
    });
  });

  it.each(['waiting_for_user', 'resolved'])('reopens a %s ticket as in_progress', async (from) => {
    const { number, token } = await create();
    await call('PUT', `/api/support/tickets/${number}/status`, { headers: asAdmin, body: { status: from } });
    const { body } = await call('POST', `/api/support/tickets/${number}/messages`, {
      body: { message: 'Still broken', token },
    });
    expect(body.ticket).toMatchObject({ status: 'in_progress' });
  });

  it('refuses a follow-up on a closed ticket with 409', async () => {
    const { number, token } = await create();
    await call('PUT', `/api/support/tickets/${number}/status`, { headers: asAdmin, body: { status: 'closed' } });
    await nothingWritten(async () => {
      const { status, body } = await call('POST', `/api/support/tickets/${number}/messages`, {
        body: { message: 'Hello?', token },
      });
      expect(status).toBe(409);
      expect(body).toEqual({ error: 'This ticket is closed. Please open a new ticket.' });
    });
  });

  it('refuses a blank reply with 400 and an unknown ticket with 404', async () => {
    const { number, token } = await create();
    await nothingWritten(async () => {
      const blank = await call('POST', `/api/support/tickets/${number}/messages`, {
        headers: asAdmin,
        body: { message: '  \n ', is_admin: true },
      });
      expect(blank.status).toBe(400);
      expect(blank.body.error).toMatch(/^message: /);
      const missing = await call('POST', '/api/support/tickets/TT-2026-0404/messages', {
        body: { message: 'hi', token },
      });
      expect(missing.status).toBe(404);
    });
  });

  it('answers malformed JSON with 400', async () => {
    const { number } = await create();
    await nothingWritten(async () => {
      const { status } = await call('POST', `/api/support/tickets/${number}/messages`, { raw: '{"message": ' });
      expect(status).toBe(400);
    });
  });
});

describe('DELETE /api/support/tickets/:id', () => {
  it('refuses without the admin credential', async () => {
    const { id } = await create();
    await nothingWritten(async () => {
      expect((await call('DELETE', `/api/support/tickets/${id}`)).status).toBe(401);
    });
  });

  it('deletes by id or by number, then answers 404 with error and message', async () => {
    const byId = await create();
    const byNumber = await create();
    expect(await call('DELETE', `/api/support/tickets/${byId.id}`, { headers: asAdmin })).toMatchObject({
      status: 200,
      body: { message: 'Ticket deleted' },
    });
    expect((await call('DELETE', `/api/support/tickets/${byNumber.number}`, { headers: asAdmin })).status).toBe(200);
    expect(await h.store.count('support_tickets')).toBe(0);
    const again = await call('DELETE', `/api/support/tickets/${byId.id}`, { headers: asAdmin });
    expect(again).toMatchObject({ status: 404, body: { error: 'Ticket not found', message: 'Ticket not found' } });
    expect((await call('GET', `/api/support/tickets/${byId.number}`)).status).toBe(404);
  });
});
