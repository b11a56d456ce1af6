/**
 * socket.io on the real server with the real support module: who may connect to which namespace, what each
 * audience receives when a ticket changes, and that a dropped connection catches up on what it missed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, connectOrThrow, openSocket } from '../testing/sockets.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

interface Push {
  change: string;
  ticket_number: string;
  version: number;
  ticket: Record<string, unknown> | null;
}

const visitor = {
  user_name: 'Rosa Realtime',
  user_email: 'rosa@example.com',
  user_phone: '+351 912 345 678',
  subject: 'Cannot find my tickets',
  description: 'I bought tickets yesterday and the seller never sent them.',
  category: 'general',
  priority: 'high',
};

describe('realtime support pushes', () => {
  let server: TestServer;
  const sockets: Array<{ close(): void }> = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.stop();
  });

  const track = <S extends { close(): void }>(socket: S): S => {
    sockets.push(socket);
    return socket;
  };

  const createTicket = async () => {
    const res = await fetch(`${server.url}/api/support/tickets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(visitor),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { ticket: { ticket_number: string }; access_token: string };
    return { number: body.ticket.ticket_number, token: body.access_token };
  };

  const setStatus = async (number: string, status: string, admin_message?: string) => {
    const res = await fetch(`${server.url}/api/support/tickets/${number}/status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-admin-password': server.adminPassword },
      body: JSON.stringify({ status, admin_message }),
    });
    expect(res.status).toBe(200);
  };

  it('refuses the admin namespace without the credential or with a wrong one, and the root namespace always', async () => {
    expect(await openSocket(`${server.url}/admin`)).toMatchObject({ ok: false, error: 'unauthorized' });
    expect(await openSocket(`${server.url}/admin`, { auth: { password: 'wrong' } })).toMatchObject({
      ok: false,
      error: 'unauthorized',
    });
    expect(
      await openSocket(`${server.url}/admin`, { extraHeaders: { cookie: `evently_admin=${'a'.repeat(43)}` } }),
    ).toMatchObject({
      ok: false,
      error: 'unauthorized',
    });
    expect(await openSocket(server.url)).toMatchObject({ ok: false, error: 'unauthorized' });
  });

  it('accepts the admin with the session cookie from the login, and pushes new tickets with every admin field', async () => {
    const login = await fetch(`${server.url}/api/support/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: server.adminPassword }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const admin = track(await connectOrThrow(`${server.url}/admin`, { extraHeaders: { cookie } }));
    const pushes = collect<Push>(admin, 'ticket');

    const { number } = await createTicket();
    const opened = await pushes.next((push) => push.ticket_number === number);
    expect(opened).toMatchObject({
      change: 'opened',
      version: 1,
      ticket: { ticket_number: number, user_email: visitor.user_email, status: 'new' },
    });
  });

  it('pushes the review queue’s pending count to the admins when a review is submitted', async () => {
    const admin = track(await connectOrThrow(`${server.url}/admin`, { auth: { password: server.adminPassword } }));
    const pending = collect<{ pending: number }>(admin, 'reviews:pending');
    const res = await fetch(`${server.url}/api/reviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event_name: 'Jazz in the Park',
        user_name: 'Rui',
        user_email: 'rui@example.com',
        rating: 5,
        comment: 'Lovely evening.',
      }),
    });
    expect(res.status).toBe(201);
    expect(await pending.next((push) => push.pending >= 1)).toEqual({ pending: 1 });
  });

  it("lets a visitor follow a ticket's conversation only with its token, and pushes status changes without personal data", async () => {
    const { number, token } = await createTicket();
    // The number alone follows the status view (its own room and event), never the token holder's pushes.
    const byNumber = track(await connectOrThrow(`${server.url}/tickets`, { auth: { ticket_number: number } }));
    const byNumberTicketPushes = collect<unknown>(byNumber, 'ticket');
    const byNumberStatus = collect<{ ticket: Record<string, unknown> | null }>(byNumber, 'ticket:status');
    expect(
      await openSocket(`${server.url}/tickets`, { auth: { ticket_number: number, token: 'x'.repeat(43) } }),
    ).toMatchObject({
      ok: false,
      error: 'unauthorized',
    });
    expect(await openSocket(`${server.url}/tickets`, { auth: { ticket_number: 'TT-1999-9999', token } })).toMatchObject(
      { ok: false, error: 'unauthorized' },
    );

    const follower = track(await connectOrThrow(`${server.url}/tickets`, { auth: { ticket_number: number, token } }));
    const other = await createTicket();
    const otherFollower = track(
      await connectOrThrow(`${server.url}/tickets`, { auth: { ticket_number: other.number, token: other.token } }),
    );
    const pushes = collect<Push>(follower, 'ticket');
    const otherPushes = collect<Push>(otherFollower, 'ticket');

    await setStatus(number, 'resolved', 'The seller has re-sent your tickets.');
    const resolved = await pushes.next((push) => push.ticket?.status === 'resolved');
    expect(resolved).toMatchObject({ change: 'status_changed', ticket_number: number, version: 2 });
    const text = JSON.stringify(resolved);
    for (const secret of [visitor.user_name, visitor.user_email, visitor.user_phone, token])
      expect(text).not.toContain(secret);
    const status = await byNumberStatus.next((push) => push.ticket?.status === 'resolved');
    expect(Object.keys(status.ticket!).sort()).toEqual(['created_at', 'status', 'ticket_number', 'updated_at']);
    expect(byNumberTicketPushes.received).toEqual([]);

    // A follower of another ticket hears nothing about this one.
    await setStatus(other.number, 'in_progress');
    await otherPushes.next((push) => push.ticket?.status === 'in_progress');
    expect(otherPushes.received.every((push) => push.ticket_number === other.number)).toBe(true);
  });

  it('catches a dropped connection up on the pushes it missed (connection state recovery)', async () => {
    const { number, token } = await createTicket();
    const follower = track(
      await connectOrThrow(`${server.url}/tickets`, {
        auth: { ticket_number: number, token },
        reconnection: true,
        reconnectionDelay: 50,
      }),
    );
    const pushes = collect<Push>(follower, 'ticket');
    // Let the server record the session's position before the drop, as a real client would have.
    await setStatus(number, 'in_progress');
    await pushes.next((push) => push.ticket?.status === 'in_progress');

    const reconnected = new Promise<void>((resolve) => follower.once('connect', () => resolve()));
    follower.io.engine.close();
    await setStatus(number, 'waiting_for_user', 'Could you send us your order number?');
    await reconnected;
    expect(follower.recovered).toBe(true);
    const missed = await pushes.next((push) => push.ticket?.status === 'waiting_for_user');
    expect(missed.version).toBe(3);
  });
});
