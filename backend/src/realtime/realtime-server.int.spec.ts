/**
 * socket.io on the real server: a client joins a room and receives what the server publishes to it; room
 * names from clients are validated.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

describe('realtime rooms', () => {
  let server: TestServer;
  let socket: Socket;

  beforeAll(async () => {
    server = await startTestServer();
    socket = connect(server.url, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    socket?.close();
    await server?.stop();
  });

  const join = (room: string) => socket.emitWithAck('join', room) as Promise<{ ok: boolean }>;

  it('delivers events published to a room the client joined', async () => {
    expect(await join('ticket:TT-2026-0001')).toEqual({ ok: true });
    const received = new Promise((resolve) => socket.once('ticket-status', resolve));
    server.server.realtime?.publish('ticket:TT-2026-0001', 'ticket-status', { status: 'resolved' });
    expect(await received).toEqual({ status: 'resolved' });
  });

  it('refuses malformed room names', async () => {
    expect(await join('no room here')).toEqual({ ok: false });
    expect(await join('ticket:' + 'x'.repeat(200))).toEqual({ ok: false });
  });
});
