/**
 * socket.io on the same HTTP server as the API, with two namespaces and nothing open to anonymous clients. What
 * each namespace's handshake carries and which events go which way with which payload is the support module's
 * live-channel contract (`SUPPORT_LIVE_CHANNELS` in `@evently/support/contracts`); this file enforces it:
 *
 * - `/admin`: the live support queue. The handshake must carry the admin credential (the session cookie the
 *   panel got at login, or `auth.password` for API clients); otherwise `connect_error` "unauthorized". Presence
 *   announcements are parsed with the contract's schema and rate-limited per socket; agents are told apart by
 *   their login session (or the connection), never by name. Closing the socket leaves.
 * - `/tickets`: one visitor following one ticket, in the ticket's room with its access token, or in its status
 *   room with the number alone (on an existing ticket).
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
import type { HandshakeCredentials } from '@evently/platform';
import {
  SUPPORT_LIVE_EVENTS,
  SUPPORT_LIVE_NAMESPACES,
  UNNAMED_AGENT,
  followTicketSchema,
  presenceAnnouncementSchema,
} from '@evently/support';
import { createOriginPolicy } from '../http/origin-policy.ts';
import { ticketRoom, ticketStatusRoom, type AdminPresence, type LivePush, type TicketAccess } from './live-feed.ts';
import type { PushCheck } from './push-check.ts';

export const ADMIN_NAMESPACE = SUPPORT_LIVE_NAMESPACES.admin;
export const TICKETS_NAMESPACE = SUPPORT_LIVE_NAMESPACES.tickets;
const UNAUTHORIZED = 'unauthorized';

/** Announcements beyond this per second and socket are dropped: typing sends one per change, not per key. */
const PRESENCE_PER_SECOND = 5;

export interface RealtimeOptions {
  /** The site's own origin; handshakes from it, from the request's own host and from `corsOrigins` are accepted. */
  publicUrl?: string;
  corsOrigins: string[];
  logger: Logger;
  /** Number of trusted reverse proxies, as for HTTP: above 0 the client address comes from X-Forwarded-For. */
  trustedProxies?: number;
  authenticateAdmin(credentials: HandshakeCredentials): Promise<boolean>;
  /** The handshake's agent (null when refused); when given, used instead of `authenticateAdmin`. */
  adminAgent?(
    credentials: HandshakeCredentials & { agentName?: unknown },
  ): Promise<{ name: string | null; sessionId: string | null } | null>;
  /** Agents' presence on tickets; without it `presence` announcements are ignored. */
  presence?: AdminPresence;
  /** Who may follow which ticket; without it the `/tickets` namespace refuses everyone. */
  ticketAccess?: TicketAccess;
  /** Holds every outgoing payload to its live-channel contract before it is sent (tests: `CHECK_API_ANSWERS`). */
  checkPush?: PushCheck;
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
    const hops = forwarded
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    const client = hops[Math.max(0, hops.length - trustedProxies)];
    if (client) return client;
  }
  return socket.handshake.address;
}

export function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): Realtime {
  const { corsOrigins, logger, trustedProxies = 0 } = options;
  const sendable = (namespace: string, event: string, payload: unknown) =>
    options.checkPush ? options.checkPush(namespace, event, payload) : true;
  const judgeOrigin = createOriginPolicy({ publicUrl: options.publicUrl, corsOrigins });
  const io = new Server(httpServer, {
    serveClient: false,
    // Every new engine session (polling or WebSocket) of every namespace; the refusal ends it with a 403.
    allowRequest: (request, callback) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' && value !== '' ? value : undefined;
      };
      const verdict = judgeOrigin({
        origin: header('origin'),
        referer: header('referer'),
        host: header('host'),
        cookieHeader: header('cookie'),
      });
      if (!verdict.allowed) logger.warn({ origin: verdict.origin }, 'socket handshake from another origin refused');
      callback(verdict.allowed ? null : 'cross-origin handshake refused', verdict.allowed);
    },
    // Same rule as the HTTP API: same-origin unless CORS_ORIGINS lists others.
    cors:
      corsOrigins.length > 0
        ? { origin: corsOrigins.includes('*') ? '*' : corsOrigins, credentials: !corsOrigins.includes('*') }
        : undefined,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
  });

  // The root namespace carries nothing; refusing it keeps stray clients from holding connections open.
  io.use((_socket, next) => next(new Error(UNAUTHORIZED)));

  const admin = io.of(ADMIN_NAMESPACE);
  admin.use((socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as { password?: unknown; agent_name?: unknown };
    const credentials = {
      ip: clientAddress(socket, trustedProxies),
      cookieHeader: socket.handshake.headers.cookie,
      password: auth.password,
    };
    const agent = options.adminAgent
      ? options.adminAgent({ ...credentials, agentName: auth.agent_name })
      : options.authenticateAdmin(credentials).then((ok) => (ok ? { name: null, sessionId: null } : null));
    agent
      .then((found) => {
        // Presence knows an agent by their login session (its tabs merge), or by the connection without one.
        if (found)
          socket.data.agent = {
            id: found.sessionId ? `session:${found.sessionId}` : `connection:${socket.id}`,
            name: found.name ?? UNNAMED_AGENT,
          };
        next(found ? undefined : new Error(UNAUTHORIZED));
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'admin socket authentication failed');
        next(new Error(UNAUTHORIZED));
      });
  });

  const presence = options.presence;
  if (presence) {
    admin.on('connection', (socket) => {
      const failed = (what: string) => (error: unknown) =>
        logger.warn({ err: error, socket: socket.id }, `presence ${what} failed`);
      const agent = socket.data.agent as { id: string; name: string };
      // `self` tells the client which entries are its own agent, so it leaves out itself and nobody else.
      const snapshot = async () => {
        const value = { ...(await presence.snapshot()), self: agent.id };
        return sendable(ADMIN_NAMESPACE, SUPPORT_LIVE_EVENTS.presenceSnapshot, value) ? value : null;
      };
      snapshot()
        .then((value) => value && socket.emit(SUPPORT_LIVE_EVENTS.presenceSnapshot, value))
        .catch(failed('snapshot'));
      // Also on request (with an acknowledgement), for a client that subscribes after connecting.
      socket.on(SUPPORT_LIVE_EVENTS.presenceSnapshot, (ack: unknown) => {
        if (typeof ack !== 'function') return;
        snapshot()
          .then((value) => value && (ack as (value: unknown) => void)(value))
          .catch(failed('snapshot'));
      });
      let windowStart = 0;
      let inWindow = 0;
      socket.on(SUPPORT_LIVE_EVENTS.presence, (raw: unknown) => {
        const now = Date.now();
        if (now - windowStart >= 1000) [windowStart, inWindow] = [now, 0];
        inWindow += 1;
        if (inWindow > PRESENCE_PER_SECOND) return;
        const parsed = presenceAnnouncementSchema.safeParse(raw);
        if (!parsed.success) return;
        presence.announce(socket.id, agent, parsed.data).catch(failed('announcement'));
      });
      socket.on('disconnect', () => {
        presence.leave(socket.id).catch(failed('leave'));
      });
    });
  }

  const tickets = io.of(TICKETS_NAMESPACE);
  tickets.use((socket, next) => {
    const parsed = followTicketSchema.safeParse(socket.handshake.auth);
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
      const namespace = push.audience === 'admin' ? ADMIN_NAMESPACE : TICKETS_NAMESPACE;
      if (!sendable(namespace, push.event, push.payload)) return;
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
