/**
 * socket.io on the same HTTP server as the API. Clients join named rooms (for example `ticket:TT-2026-0001`
 * to follow a support ticket's status) and the server pushes events to a room. Room names are validated
 * because they come from the client; what a room may receive is decided by the server-side publisher.
 */
import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { z } from 'zod';

/** `<kind>:<id>`, e.g. `ticket:TT-2026-0001` or `event:42`. */
const roomSchema = z.string().regex(/^[a-z][a-z-]{0,31}:[\w.-]{1,64}$/);

export interface RealtimeOptions {
  corsOrigins: string[];
  logger: Logger;
}

export interface Realtime {
  /** Sends `event` with `payload` to every client in `room`. */
  publish(room: string, event: string, payload: unknown): void;
  close(): Promise<void>;
}

export function attachRealtime(httpServer: HttpServer, { corsOrigins, logger }: RealtimeOptions): Realtime {
  const io = new Server(httpServer, {
    serveClient: false,
    // Same rule as the HTTP API: same-origin unless CORS_ORIGINS lists others.
    cors: corsOrigins.length > 0 ? { origin: corsOrigins.includes('*') ? '*' : corsOrigins } : undefined,
  });

  io.on('connection', (socket) => {
    socket.on('join', (room: unknown, ack?: unknown) => {
      const parsed = roomSchema.safeParse(room);
      if (parsed.success) void socket.join(parsed.data);
      if (typeof ack === 'function') ack({ ok: parsed.success });
    });
    socket.on('leave', (room: unknown) => {
      const parsed = roomSchema.safeParse(room);
      if (parsed.success) void socket.leave(parsed.data);
    });
  });

  return {
    publish(room, event, payload) {
      io.to(room).emit(event, payload);
    },
    async close() {
      // io.close() would also close the HTTP server, which the shutdown sequence closes itself after draining.
      io.disconnectSockets(true);
      io.engine.close();
      logger.debug('realtime connections closed');
    },
  };
}
