/**
 * The real composition (embedded adapters, every module) behind real HTTP: health, readiness, error shapes
 * and admin authentication as a client sees them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

const ADMIN_ROUTE = '/api/subscriptions/admin';

interface Answer {
  error?: string;
  success?: boolean;
  message?: string;
  status?: string;
  checks?: Record<string, string>;
}
const answerOf = async (res: Response) => (await res.json()) as Answer;

describe('backend over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const login = (password: unknown) =>
    fetch(`${server.url}/api/support/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password }),
    });

  it('is live and ready with every embedded adapter reachable', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await answerOf(ready)).checks).toEqual({ store: 'ok', bus: 'ok', search: 'ok', mail: 'ok' });
  });

  it('answers malformed JSON, oversized bodies and unknown API routes with JSON errors', async () => {
    const malformed = await fetch(`${server.url}/api/support/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"password":',
    });
    expect(malformed.status).toBe(400);
    expect(await answerOf(malformed)).toEqual({ error: 'Malformed JSON body' });

    const oversized = await login('x'.repeat(2_000_000));
    expect(oversized.status).toBe(413);
    expect(await answerOf(oversized)).toEqual({ error: 'Request body too large' });

    const unknown = await fetch(`${server.url}/api/no-such-thing`);
    expect(unknown.status).toBe(404);
    expect(await answerOf(unknown)).toEqual({ error: 'Not found' });
  });

  it('refuses an admin route without the credential and with a wrong one, and serves it with the right one', async () => {
    const without = await fetch(`${server.url}${ADMIN_ROUTE}`);
    expect(without.status).toBe(401);
    expect(await answerOf(without)).toEqual({ error: 'Admin authentication required' });

    const wrong = await fetch(`${server.url}${ADMIN_ROUTE}`, { headers: { 'x-admin-password': 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(await answerOf(wrong)).toEqual({ error: 'Admin authentication required' });

    const right = await fetch(`${server.url}${ADMIN_ROUTE}`, { headers: { 'x-admin-password': server.adminPassword } });
    expect(right.status).toBe(200);
  });

  it('logs an administrator in with the right password only', async () => {
    const wrong = await login('not-the-password');
    expect(wrong.status).toBe(401);
    expect(await answerOf(wrong)).toEqual({ success: false, message: 'Invalid password' });

    const right = await login(server.adminPassword);
    expect(right.status).toBe(200);
    expect(await answerOf(right)).toEqual({ success: true, message: 'Login successful' });
  });

  it('serves an administrator’s parallel calls without tripping the failed-login limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${server.url}${ADMIN_ROUTE}`, { headers: { 'x-admin-password': server.adminPassword } }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 40 }, () => 200));
  });

  it('exchanges the password for an HttpOnly, SameSite=Strict session cookie that logout revokes', async () => {
    const right = await login(server.adminPassword);
    const setCookie = right.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^evently_admin=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=strict/i);
    expect(setCookie).toMatch(/path=\//i);
    const cookie = setCookie.split(';')[0]!;

    const session = await fetch(`${server.url}/api/support/admin/session`, { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({ authenticated: true });
    const calls = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${server.url}${ADMIN_ROUTE}`, { headers: { cookie } })),
    );
    expect(calls.every((res) => res.status === 200)).toBe(true);

    const logout = await fetch(`${server.url}/api/support/admin/logout`, { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/^evently_admin=;/);
    expect((await fetch(`${server.url}${ADMIN_ROUTE}`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${server.url}/api/support/admin/session`, { headers: { cookie } })).status).toBe(401);
  });

  it('keeps the agent name given at login in the session, signs replies with it, and probes without a 401', async () => {
    const probe = async (headers: Record<string, string> = {}) => {
      const answer = await fetch(`${server.url}/api/admin/session`, { headers });
      return { status: answer.status, body: (await answer.json()) as unknown };
    };
    expect(await probe()).toEqual({ status: 200, body: { authenticated: false, agent_name: null } });
    // A wrong password in the header is not looked at: the probe never spends a guess.
    expect(await probe({ 'x-admin-password': 'wrong' })).toEqual({
      status: 200,
      body: { authenticated: false, agent_name: null },
    });

    const named = await fetch(`${server.url}/api/support/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: server.adminPassword, agent_name: '  Rita \n Alves ' }),
    });
    expect(await named.json()).toEqual({ success: true, message: 'Login successful', agent_name: 'Rita Alves' });
    const cookie = (named.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(await probe({ cookie })).toEqual({ status: 200, body: { authenticated: true, agent_name: 'Rita Alves' } });

    const json = { 'content-type': 'application/json' };
    const created = await fetch(`${server.url}/api/support/tickets`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        user_name: 'Ana',
        user_email: 'ana@example.com',
        subject: 'Help',
        description: 'Please',
        category: 'general',
        priority: 'low',
      }),
    });
    const number = ((await created.json()) as { ticket: { ticket_number: string } }).ticket.ticket_number;
    const reply = await fetch(`${server.url}/api/support/tickets/${number}/messages`, {
      method: 'POST',
      headers: { ...json, cookie },
      // The session's name wins over whatever the body says.
      body: JSON.stringify({ message: 'On it', is_admin: true, sender_name: 'Someone else' }),
    });
    expect(reply.status).toBe(201);
    const ticket = (
      (await reply.json()) as {
        ticket: { messages: Array<{ sender_name: string }>; activity: Array<{ kind: string; actor: string }> };
      }
    ).ticket;
    expect(ticket.messages.map((message) => message.sender_name)).toEqual(['Rita Alves']);
    expect(ticket.activity.find((entry) => entry.kind === 'reply')).toMatchObject({ actor: 'Rita Alves' });

    const unnamed = await login(server.adminPassword);
    const plainCookie = (unnamed.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(await probe({ cookie: plainCookie })).toEqual({
      status: 200,
      body: { authenticated: true, agent_name: null },
    });
  });

  it('refuses forged and malformed session cookies without counting them as guesses', async () => {
    for (const value of ['x'.repeat(43), 'short', 'a'.repeat(500)]) {
      expect(
        (await fetch(`${server.url}${ADMIN_ROUTE}`, { headers: { cookie: `evently_admin=${value}` } })).status,
      ).toBe(401);
    }
  });

  it('rejects a login body without a password as bad input', async () => {
    const res = await login(undefined);
    expect(res.status).toBe(400);
    expect((await answerOf(res)).error).toMatch(/^password: /);
  });
});

describe('admin login pace', () => {
  let server: TestServer;
  beforeAll(async () => {
    // One proxy trusted, so a request can stand for another client address with X-Forwarded-For.
    server = await startTestServer({ env: { TRUSTED_PROXIES: '1' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const login = (password: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/support/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ password }),
    });

  it('given five wrong passwords from one address, then the right one still gets in at once', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await login(`wrong-${attempt}`)).status).toBe(401);
    expect((await login(server.adminPassword)).status).toBe(200);
  });

  it('given seven wrong passwords from one address, then that address waits seconds, not a lock, and is told how long', async () => {
    for (let attempt = 1; attempt <= 6; attempt += 1) expect((await login(`wrong-${attempt}`)).status).toBe(401);
    // The sixth made the address wait a second; the seventh, sent at once, is refused unchecked...
    expect((await login('wrong-7')).status).toBe(429);
    // ...so one waits for it, and the seventh wrong guess makes the wait two seconds.
    await expect.poll(async () => (await login('wrong-7')).status, { timeout: 15_000, interval: 250 }).toBe(401);

    const waiting = await login(server.adminPassword);
    expect(waiting.status).toBe(429);
    const retryAfter = Number(waiting.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(await answerOf(waiting)).toEqual({
      success: false,
      message: `Too many login attempts. Please wait ${retryAfter === 1 ? '1 second' : '2 seconds'} and try again.`,
    });
    // The admin header is no way around the wait.
    const viaHeader = await fetch(`${server.url}${ADMIN_ROUTE}`, {
      headers: { 'x-admin-password': server.adminPassword },
    });
    expect(viaHeader.status).toBe(429);
    expect((await answerOf(viaHeader)).error).toMatch(
      /^Too many failed attempts\. Please wait \d+ seconds? and try again\.$/,
    );

    // The administrator at another address is not slowed at all.
    expect((await login(server.adminPassword, { 'x-forwarded-for': '203.0.113.5' })).status).toBe(200);
    // And at the guessing address the right password gets in once the wait is over.
    await expect
      .poll(async () => (await login(server.adminPassword)).status, { timeout: 15_000, interval: 250 })
      .toBe(200);
    // Which clears that address's record: a wrong guess is a first one again.
    expect((await login('wrong-again')).status).toBe(401);
  });
});

describe('admin login pace under a burst', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lets only a handful of thirty simultaneous wrong guesses be checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${server.url}/api/support/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password: `guess-${i}` }),
        }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    // At most the free guesses (5), the one that starts the wait, and the checks still running beside it (cap 4,
    // each reads the wait first) are checked.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(9);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(21);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });
});
