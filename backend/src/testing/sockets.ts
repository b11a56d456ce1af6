/**
 * socket.io-client helpers for the realtime tests: connect and learn whether the server accepted, and collect
 * the pushes a socket receives so a test can wait for the one it expects.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type Connected = { ok: true; socket: Socket } | { ok: false; error: string; socket: Socket };

export function openSocket(url: string, options: Partial<ManagerOptions & SocketOptions> = {}): Promise<Connected> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, ...options });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ ok: true, socket }));
    socket.once('connect_error', (error) => {
      socket.close();
      resolve({ ok: false, error: error.message, socket });
    });
  });
}

export async function connectOrThrow(
  url: string,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Promise<Socket> {
  const connected = await openSocket(url, options);
  if (!connected.ok) throw new Error(`socket refused: ${connected.error}`);
  return connected.socket;
}

/** Records every `event` payload; `next(match)` resolves with the first recorded or future one that matches. */
export function collect<T>(socket: Socket, event: string) {
  const received: T[] = [];
  const waiters: Array<{ match: (payload: T) => boolean; resolve: (payload: T) => void }> = [];
  socket.on(event, (payload: T) => {
    received.push(payload);
    for (const waiter of [...waiters]) {
      if (waiter.match(payload)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(payload);
      }
    }
  });
  return {
    received,
    next(match: (payload: T) => boolean = () => true, timeoutMs = 15_000): Promise<T> {
      const found = received.find(match);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching ${event} push within ${timeoutMs} ms; got ${JSON.stringify(received)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (payload) => {
            clearTimeout(timer);
            resolve(payload);
          },
        });
      });
    },
  };
}
