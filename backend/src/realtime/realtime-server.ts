/**
 * socket.io on the same HTTP server as the API, with two namespaces and nothing open to anonymous clients:
 *
 * - `/admin`: the live support queue. The handshake must carry the admin credential (the session cookie the
 *   panel got at login, or `auth.password` for API clients); otherwise `connect_error` "unauthorized".
 * - `/tickets`: one visitor following one ticket. With `auth: { ticket_number, token }` and that ticket's access
 *   token, the socket sits in the ticket's room (its public summary on every change). With the number alone
 *   (`auth: { ticket_number }`), on an existing ticket, it sits in the ticket's status room and gets
 *   `ticket:status` (status and dates) when the status moves: what a lookup by number shows, live.
 *
 * Before either, the handshake's origin must be the site's own or a listed one (`http/origin-policy.ts`): a page
 * on a sibling host would otherwise join `/admin` with the administrator's cookie.
 *
 * Connection state recovery is on: a client that drops briefly and comes back to the same process gets the
 * pushes it missed. Otherwise (`socket.recovered` false, or it reconnects to another replica) the client
 * refetches, so nothing is lost either way. Credentials are checked again on a recovered reconnect too.
 */
import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type { HandshakeCredentials } from '@evently/platform';
import { createOriginPolicy } from '../http/origin-policy.ts';
import { ticketRoom, ticketStatusRoom, type LivePush, type TicketAccess } from './live-feed.ts';

export const ADMIN_NAMESPACE = '/admin';
export const TICKETS_NAMESPACE = '/tickets';
const UNAUTHORIZED = 'unauthorized';

const followSchema = z.object({
  ticket_number: z.string().trim().toUpperCase().regex(/^TT-\d{4}-\d{4,}$/),
  /** Absent: follow the status by number alone. */
  token: z.string().min(16).max(128).optional(),
});

export interface RealtimeOptions {
  /** The site's own origin; handshakes from it, from the request's own host and from `corsOrigins` are accepted. */
  publicUrl?: string;
  corsOrigins: string[];
  logger: Logger;
  /** Number of trusted reverse proxies, as for HTTP: above 0 the client address comes from X-Forwarded-For. */
  trustedProxies?: number;
  authenticateAdmin(credentials: HandshakeCredentials): Promise<boolean>;
  /** Who may follow which ticket; without it the `/tickets` namespace refuses everyone. */
  ticketAccess?: TicketAccess;
}

export interface Realtime {
  /** Sends a push to the admin sockets, or to one ticket's followers, of this process. */
  push(push: LivePush): void;
  /** Open sockets of this process per namespace (the metrics' socket gauge reads it at scrape time). */
  connections(): Record<string, number>;
  /**
   * Cuts every connection's transport but keeps the sessions, as a network blip or a balancer restart does:
   * clients reconnect on their own and connection state recovery replays what they missed. Tests use it to
   * take a socket down deterministically (browser offline emulation leaves an open WebSocket alone).
   */
  dropTransports(): void;
  close(): Promise<void>;
}

/** The client address the way Koa computes it, so the admin limiter counts sockets and HTTP alike. */
function clientAddress(socket: Socket, trustedProxies: number): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  if (trustedProxies > 0 && typeof forwarded === 'string') {
    const hops = forwarded.split(',').map((hop) => hop.trim()).filter(Boolean);
    const client = hops[Math.max(0, hops.length - trustedProxies)];
    if (client) return client;
  }
  return socket.handshake.address;
}

export function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): Realtime {
  const { corsOrigins, logger, trustedProxies = 0 } = options;
  const judgeOrigin = createOriginPolicy({ publicUrl: options.publicUrl, corsOrigins });
  const io = new Server(httpServer, {
    serveClient: false,
    // Every new engine session (polling or WebSocket) of every namespace; the refusal ends it with a 403.
    allowRequest: (request, callback) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' && value !== '' ? value : undefined;
      };
      const verdict = judgeOrigin({ origin: header('origin'), referer: header('referer'), host: header('host'), cookieHeader: header('cookie') });
      if (!verdict.allowed) logger.warn({ origin: verdict.origin }, 'socket handshake from another origin refused');
      callback(verdict.allowed ? null : 'cross-origin handshake refused', verdict.allowed);
    },
    // Same rule as the HTTP API: same-origin unless CORS_ORIGINS lists others.
    cors: corsOrigins.length > 0 ? { origin: corsOrigins.includes('*') ? '*' : corsOrigins, credentials: !corsOrigins.includes('*') } : undefined,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
  });

  // The root namespace carries nothing; refusing it keeps stray clients from holding connections open.
  io.use((_socket, next) => next(new Error(UNAUTHORIZED)));

  const admin = io.of(ADMIN_NAMESPACE);
  admin.use((socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as { password?: unknown };
    options
      .authenticateAdmin({ ip: clientAddress(socket, trustedProxies), cookieHeader: socket.handshake.headers.cookie, password: auth.password })
      .then((ok) => next(ok ? undefined : new Error(UNAUTHORIZED)))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'admin socket authentication failed');
        next(new Error(UNAUTHORIZED));
      });
  });

  const tickets = io.of(TICKETS_NAMESPACE);
  tickets.use((socket, next) => {
    const parsed = followSchema.safeParse(socket.handshake.auth);
    if (!parsed.success || !options.ticketAccess) return next(new Error(UNAUTHORIZED));
    const { ticket_number: ticketNumber, token } = parsed.data;
    const access = options.ticketAccess;
    (token === undefined ? access.canTrack(ticketNumber) : access.canFollow(ticketNumber, token))
      .then((ok) => {
        if (!ok) return next(new Error(UNAUTHORIZED));
        socket.data.ticketNumber = ticketNumber;
        socket.data.room = token === undefined ? ticketStatusRoom(ticketNumber) : ticketRoom(ticketNumber);
        next();
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'ticket socket authorisation failed');
        next(new Error(UNAUTHORIZED));
      });
  });
  tickets.on('connection', (socket) => {
    // A recovered socket is already back in its room.
    if (!socket.recovered) void socket.join(String(socket.data.room));
  });

  return {
    push(push) {
      if (push.audience === 'admin') admin.emit(push.event, push.payload);
      else if (push.audience === 'ticket') tickets.to(ticketRoom(push.ticketNumber)).emit(push.event, push.payload);
      else tickets.to(ticketStatusRoom(push.ticketNumber)).emit(push.event, push.payload);
    },
    connections() {
      return { [ADMIN_NAMESPACE]: admin.sockets.size, [TICKETS_NAMESPACE]: tickets.sockets.size };
    },
    dropTransports() {
      for (const namespace of [admin, tickets]) for (const socket of namespace.sockets.values()) socket.conn.close();
    },
    async close() {
      // io.close() would also close the HTTP server, which the shutdown sequence closes itself after draining.
      io.disconnectSockets(true);
      for (const namespace of [admin, tickets]) namespace.disconnectSockets(true);
      io.engine.close();
      logger.debug('realtime connections closed');
    },
  };
}
