/**
 * Two api processes on one DATA_DIR, as two replicas behind a load balancer: every process pushes to its own
 * sockets every change, whichever process made it, because each reads the shared log from its own tail. An
 * admin session started on one replica is honoured by the other, and a logout on one ends it on both. Agents'
 * presence (viewing, typing, gone) and a ticket followed by its number alone reach the other replica too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendProcesses } from '../testing/backend-processes.ts';
import { collect, connectOrThrow, openSocket } from '../testing/sockets.ts';
import { adminSessionCookie, openTicket } from '../testing/support-calls.ts';

const PASSWORD = 'fan-out-admin-password';
/** Another process picks changes up by polling the shared log (250 ms); a busy CI machine may take much longer. */
const LIVE_WAIT_MS = 45_000;
const TEST_TIMEOUT_MS = 150_000;
const backends = backendProcesses({ prefix: 'evently-fan-out-', env: { ADMIN_PASSWORD: PASSWORD }, scope: 'file' });
const env = backends.embeddedEnv();
const sockets: Array<{ close(): void }> = [];

interface Presence {
  ticket_number: string;
  agents: Array<{ agent_id: string; agent: string; state: string }>;
}

interface Push {
  change: string;
  ticket_number: string;
  version: number;
  ticket: { status?: string } | null;
}

async function startApi(): Promise<string> {
  return (await backends.startRole(['api'], env, { timeoutMs: TEST_TIMEOUT_MS })).url;
}

describe('live pushes across api processes sharing one DATA_DIR', () => {
  let a: string;
  let b: string;

  beforeAll(async () => {
    // One after the other: the first creates the schema, the second finds it.
    a = await startApi();
    b = await startApi();
  }, 2 * TEST_TIMEOUT_MS);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
  });

  it(
    'pushes a ticket created through process A to sockets connected to process B',
    async () => {
      const adminOnB = await connectOrThrow(`${b}/admin`, { auth: { password: PASSWORD } });
      sockets.push(adminOnB);
      const adminPushes = collect<Push>(adminOnB, 'ticket');

      const { number, token } = await openTicket(a, {
        user_name: 'Ana Replica',
        subject: 'Refund',
        description: 'Where do I ask for a refund?',
      });
      expect((await adminPushes.next((push) => push.ticket_number === number, LIVE_WAIT_MS)).change).toBe('opened');

      // The visitor follows on B; the admin answers through A.
      const followerOnB = await connectOrThrow(`${b}/tickets`, {
        auth: { ticket_number: number, token },
      });
      sockets.push(followerOnB);
      const followerPushes = collect<Push>(followerOnB, 'ticket');
      const changed = await fetch(`${a}/api/support/tickets/${number}/status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-admin-password': PASSWORD },
        body: JSON.stringify({
          status: 'resolved',
          admin_message: 'Refunds are handled by the seller; here is their contact.',
        }),
      });
      expect(changed.status).toBe(200);
      expect(
        (await followerPushes.next((push) => push.ticket?.status === 'resolved', LIVE_WAIT_MS)).ticket_number,
      ).toBe(number);
      expect((await adminPushes.next((push) => push.ticket?.status === 'resolved', LIVE_WAIT_MS)).change).toBe(
        'status_changed',
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'honours an admin session started on A at B, and ends it on both at logout',
    async () => {
      const cookie = await adminSessionCookie(a, PASSWORD);
      expect((await fetch(`${b}/api/support/tickets`, { headers: { cookie } })).status).toBe(200);
      const socket = await connectOrThrow(`${b}/admin`, { extraHeaders: { cookie } });
      sockets.push(socket);

      expect((await fetch(`${b}/api/support/admin/logout`, { method: 'POST', headers: { cookie } })).status).toBe(200);
      expect((await fetch(`${a}/api/support/tickets`, { headers: { cookie } })).status).toBe(401);
      expect(await openSocket(`${a}/admin`, { extraHeaders: { cookie } })).toMatchObject({
        ok: false,
        error: 'unauthorized',
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows agents on one replica who is viewing and typing on the other, and drops one who disconnects',
    async () => {
      const { number } = await openTicket(a, { subject: 'Seats', description: 'Which seats?' });
      const cookie = await adminSessionCookie(a, PASSWORD, 'Rita');
      const rita = await connectOrThrow(`${a}/admin`, { extraHeaders: { cookie } });
      const joe = await connectOrThrow(`${b}/admin`, { auth: { password: PASSWORD, agent_name: 'Joe' } });
      sockets.push(rita, joe);
      const seenByJoe = collect<Presence>(joe, 'presence');
      const seenByRita = collect<Presence>(rita, 'presence');
      const agents = (presence: Presence) => presence.agents.map(({ agent, state }) => `${agent}:${state}`).join(',');
      const on = (expected: string) => (presence: Presence) =>
        presence.ticket_number === number && agents(presence) === expected;

      rita.emit('presence', { ticket_number: number, state: 'viewing' });
      await seenByJoe.next(on('Rita:viewing'), LIVE_WAIT_MS);
      joe.emit('presence', { ticket_number: number, state: 'typing' });
      await seenByRita.next(on('Joe:typing,Rita:viewing'), LIVE_WAIT_MS);

      // A socket connecting later gets the current state at once.
      const late = await connectOrThrow(`${b}/admin`, { auth: { password: PASSWORD } });
      sockets.push(late);
      const snapshot = (await late.timeout(LIVE_WAIT_MS).emitWithAck('presence:snapshot')) as {
        tickets: Presence[];
        renew_ms: number;
      };
      expect(snapshot.renew_ms).toBeGreaterThan(0);
      expect(snapshot.tickets.map(agents)).toContain('Joe:typing,Rita:viewing');

      rita.close();
      await seenByJoe.next(on('Joe:typing'), LIVE_WAIT_MS);
      joe.emit('presence', { ticket_number: null });
      expect(
        await collect<Presence>(late, 'presence').next(
          (presence) => presence.ticket_number === number && presence.agents.length === 0,
          LIVE_WAIT_MS,
        ),
      ).toBeTruthy();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "shows two agents who both logged in without a name to each other, and one agent's two tabs once",
    async () => {
      const { number } = await openTicket(a, { subject: 'Doors', description: 'When do doors open?' });
      const cookie = await adminSessionCookie(a, PASSWORD);
      // One unnamed agent in two tabs (one session, two replicas), another unnamed agent with the password.
      const firstTab = await connectOrThrow(`${a}/admin`, { extraHeaders: { cookie } });
      const secondTab = await connectOrThrow(`${b}/admin`, { extraHeaders: { cookie } });
      const other = await connectOrThrow(`${b}/admin`, { auth: { password: PASSWORD } });
      sockets.push(firstTab, secondTab, other);
      const selfOf = async (socket: typeof other) =>
        ((await socket.timeout(LIVE_WAIT_MS).emitWithAck('presence:snapshot')) as { self: string }).self;
      const [firstSelf, secondSelf, otherSelf] = await Promise.all([
        selfOf(firstTab),
        selfOf(secondTab),
        selfOf(other),
      ]);
      expect(secondSelf).toBe(firstSelf);
      expect(otherSelf).not.toBe(firstSelf);

      const seenByOther = collect<Presence>(other, 'presence');
      const seenByFirst = collect<Presence>(firstTab, 'presence');
      const entries = (presence: Presence) =>
        presence.agents
          .map(
            ({ agent_id, agent, state }) =>
              `${agent_id === otherSelf ? 'other' : agent_id === firstSelf ? 'first' : agent_id}:${agent}:${state}`,
          )
          .sort()
          .join(',');
      firstTab.emit('presence', { ticket_number: number, state: 'viewing' });
      secondTab.emit('presence', { ticket_number: number, state: 'typing' });
      await seenByOther.next(
        (presence) => presence.ticket_number === number && entries(presence) === 'first:Support team:typing',
        LIVE_WAIT_MS,
      );
      other.emit('presence', { ticket_number: number, state: 'viewing' });
      const both = await seenByFirst.next(
        (presence) => presence.ticket_number === number && presence.agents.length === 2,
        LIVE_WAIT_MS,
      );
      expect(entries(both)).toBe('first:Support team:typing,other:Support team:viewing');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'pushes status changes made on A to a visitor on B who typed only the number, and nothing anyone wrote',
    async () => {
      const { number } = await openTicket(a, { subject: 'Private subject', description: 'Private text' });
      expect(await openSocket(`${b}/tickets`, { auth: { ticket_number: 'TT-2020-9999' } })).toMatchObject({
        ok: false,
        error: 'unauthorized',
      });
      const tracker = await connectOrThrow(`${b}/tickets`, { auth: { ticket_number: number } });
      sockets.push(tracker);
      const statuses = collect<{ change: string; ticket: Record<string, unknown> | null }>(tracker, 'ticket:status');
      const publicPushes = collect<unknown>(tracker, 'ticket');
      const changed = await fetch(`${a}/api/support/tickets/${number}/status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-admin-password': PASSWORD },
        body: JSON.stringify({ status: 'waiting_for_user', admin_message: 'Which seats exactly? SECRET-REPLY' }),
      });
      expect(changed.status).toBe(200);
      const push = await statuses.next((candidate) => candidate.ticket?.status === 'waiting_for_user', LIVE_WAIT_MS);
      expect(Object.keys(push.ticket!).sort()).toEqual(['created_at', 'status', 'ticket_number', 'updated_at']);
      expect(JSON.stringify(statuses.received)).not.toMatch(/SECRET-REPLY|Private|ana@example/);
      expect(publicPushes.received).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
