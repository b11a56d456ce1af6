/**
 * Administrator authentication: one shared password (the spec has no user accounts). The server keeps only a
 * scrypt hash of ADMIN_PASSWORD; each candidate is hashed with the same salt and compared with
 * `timingSafeEqual`, so neither the comparison nor its timing reveals how much of a guess was right.
 *
 * Two credentials are accepted on admin routes and the admin socket:
 * - the session cookie set by a successful login (HttpOnly, SameSite=Strict), which is what the panel uses,
 *   so the browser never holds the password after the login form;
 * - the `X-Admin-Password` header (or the socket handshake's `auth.password`), for API clients.
 *
 * Wrong passwords slow their address down (guess-throttle.ts: a growing wait, never a lock), at the login
 * endpoint and through the header alike, so the header cannot be used to go around the login's pace, and an
 * administrator's own calls never count. Password checks run at most a few at a time per address; further
 * ones wait for a slot (and look at the throttle again once they have it) rather than being refused, so a
 * panel or script firing many calls at once is never throttled, while a burst of guesses cannot slip past it.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import Router from '@koa/router';
import { parse as parseCookies } from 'cookie';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type {
  LoginAnswer,
  LoginRefused,
  LogoutAnswer,
  SessionAnswer,
  SessionProbe,
  SessionRefused,
} from '../contracts/admin-session.ts';
import { parseBody } from './validate.ts';
import type { AdminSessions } from './admin-sessions.ts';
import {
  ADMIN_GUESS_BUDGET,
  createGuessThrottle,
  createMemoryGuessLedger,
  describeWait,
  type GuessThrottle,
} from './guess-throttle.ts';
import { createMemoryRateLimiter } from './memory-rate-limiter.ts';
import { answerTooManyRequests } from './rate-limit.ts';
import { cleanAgentName, loginBodySchema } from '../contracts/admin-session.ts';

export { cleanAgentName, loginBodySchema };

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 64;
const MAX_PARALLEL_CHECKS = 4;
/** Waiting checks per address beyond which a caller is told to slow down. */
const MAX_WAITING_CHECKS = 64;

export const ADMIN_PASSWORD_HEADER = 'x-admin-password';
export const ADMIN_LOGIN_PATH = '/api/support/admin/login';
export const ADMIN_LOGOUT_PATH = '/api/support/admin/logout';
export const ADMIN_SESSION_PATH = '/api/support/admin/session';
export const ADMIN_SESSION_COOKIE = 'evently_admin';
/** The probe that never answers 401: `{ authenticated, agent_name }`, so a panel loading logged out logs no error. */
export const ADMIN_SESSION_PROBE_PATH = '/api/admin/session';
/** Names the agent for API clients that authenticate with the password header. */
export const ADMIN_AGENT_HEADER = 'x-admin-agent';

/** Where an accepted admin request keeps who made it (`ctx.state[ADMIN_AGENT_STATE]`). */
const ADMIN_AGENT_STATE = 'adminAgent';

/**
 * The agent name an accepted admin request carries (from its session, or the agent header with the password),
 * or null when none was given; modules sign replies, notes and changes with it.
 */
export function adminAgentName(ctx: Context): string | null {
  const agent = (ctx.state as Record<string, unknown>)[ADMIN_AGENT_STATE] as { name: string | null } | undefined;
  return agent?.name ?? null;
}

export interface AdminAuthOptions {
  password: string;
  logger: Logger;
  /**
   * The pace of wrong guesses per client address and for the whole site. The composition passes one kept in
   * the store so every api replica shares it; without one (module harnesses) a per-process one is used.
   */
  throttle?: GuessThrottle;
  /** Cookie sessions; without them only the password header is accepted (module tests). */
  sessions?: AdminSessions;
  /** Mark the cookie `Secure` (the site is served over https). */
  secureCookie?: boolean;
}

/** What a socket handshake offers as credentials. */
export interface HandshakeCredentials {
  ip: string;
  cookieHeader?: string;
  password?: unknown;
}

export interface AdminAuth {
  /** Login (`{ success, message }`, sets the session cookie), logout and the session probe. */
  router: Router;
  /** Answers 401 `{ error }` unless the request carries the admin credential. */
  requireAdmin: Middleware;
  /** Whether the request carries the admin credential, without answering; wrong passwords still count. */
  isAdmin(ctx: Context): Promise<boolean>;
  /** The same check for a socket.io handshake. */
  authenticateHandshake(credentials: HandshakeCredentials): Promise<boolean>;
  /**
   * The handshake's agent: null when refused, else the session's name and id (or `auth.agent_name` with the
   * password, and no session: such a connection is an agent of its own).
   */
  handshakeAgent(
    credentials: HandshakeCredentials & { agentName?: unknown },
  ): Promise<{ name: string | null; sessionId: string | null } | null>;
  verify(candidate: string): Promise<boolean>;
}

type Guess = { outcome: 'accepted' } | { outcome: 'rejected' } | { outcome: 'throttled'; retryAfterSeconds: number };

export function createAdminAuth({
  password,
  logger,
  throttle = createGuessThrottle({
    ledger: createMemoryGuessLedger(),
    budget: createMemoryRateLimiter(ADMIN_GUESS_BUDGET),
  }),
  sessions,
  secureCookie = false,
}: AdminAuthOptions): AdminAuth {
  const salt = randomBytes(16);
  // Only the hash outlives this call; the password itself is not kept in the closure.
  const expected = scryptAsync(password, salt, KEY_LENGTH);

  async function verify(candidate: string): Promise<boolean> {
    const [actual, wanted] = await Promise.all([scryptAsync(candidate, salt, KEY_LENGTH), expected]);
    return timingSafeEqual(actual, wanted);
  }

  const slots = createSlots(MAX_PARALLEL_CHECKS, MAX_WAITING_CHECKS);

  /** Checks a password guess from `ip` at the throttle's pace. */
  async function guess(ip: string, candidate: string, where: string): Promise<Guess> {
    const release = await slots.acquire(ip);
    // The wait queue is full: a one-second pause, not a wrong guess.
    if (!release) return { outcome: 'throttled', retryAfterSeconds: 1 };
    try {
      const wait = await throttle.wait(ip);
      if (wait > 0) return { outcome: 'throttled', retryAfterSeconds: wait };
      if (await verify(candidate)) {
        await throttle.succeeded(ip);
        return { outcome: 'accepted' };
      }
      const next = await throttle.failed(ip);
      logger.warn({ ip, where, next_guess_in_seconds: next }, 'failed admin authentication');
      return { outcome: 'rejected' };
    } finally {
      release();
    }
  }

  const sessionHolder = async (token: string | undefined) => (token && sessions ? sessions.holder(token) : null);
  const hasSession = async (token: string | undefined) => (await sessionHolder(token)) !== null;
  const sessionToken = (ctx: Context) => ctx.cookies.get(ADMIN_SESSION_COOKIE) ?? undefined;
  const rememberAgent = (ctx: Context, name: string | null) => {
    (ctx.state as Record<string, unknown>)[ADMIN_AGENT_STATE] = { name };
  };

  async function check(ctx: Context): Promise<Guess | { outcome: 'missing' }> {
    const holder = await sessionHolder(sessionToken(ctx));
    if (holder) {
      rememberAgent(ctx, holder.agentName);
      return { outcome: 'accepted' };
    }
    const candidate = ctx.get(ADMIN_PASSWORD_HEADER);
    if (!candidate) return { outcome: 'missing' };
    const result = await guess(ctx.ip, candidate, ctx.path);
    if (result.outcome === 'accepted') rememberAgent(ctx, cleanAgentName(ctx.get(ADMIN_AGENT_HEADER)));
    return result;
  }

  const refuse = (ctx: Context) => {
    ctx.status = 401;
    ctx.body = { error: 'Admin authentication required' };
  };
  /** 429 with Retry-After, and a message that says how long to wait: `${lead} Please wait 12 seconds and try again.` */
  const throttled = (ctx: Context, retryAfterSeconds: number, lead: string, body: (message: string) => unknown) => {
    const message = `${lead} Please wait ${describeWait(retryAfterSeconds)} and try again.`;
    answerTooManyRequests(ctx, { allowed: false, remaining: 0, retryAfterSeconds }, body(message));
  };

  /**
   * With an https PUBLIC_URL the cookie is `Secure`. TLS usually ends at a proxy, so this hop is plain http and
   * the cookies library would throw (a 500) rather than set it; the browser's connection is https, so say so.
   */
  const setSessionCookie = (ctx: Context, value: string | null, expires?: Date) => {
    if (secureCookie) (ctx.cookies as unknown as { secure: boolean }).secure = true;
    ctx.cookies.set(ADMIN_SESSION_COOKIE, value, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      path: '/',
      overwrite: true,
      ...(expires ? { expires } : {}),
    });
  };

  const router = new Router();
  router.post(ADMIN_LOGIN_PATH, async (ctx) => {
    const { password: candidate, agent_name: agentName } = parseBody(ctx, loginBodySchema);
    const result = await guess(ctx.ip, candidate, ctx.path);
    if (result.outcome === 'throttled') {
      throttled(ctx, result.retryAfterSeconds, 'Too many login attempts.', (message) => ({ success: false, message }));
      return;
    }
    if (result.outcome === 'rejected') {
      ctx.status = 401;
      ctx.body = { success: false, message: 'Invalid password' } satisfies LoginRefused;
      return;
    }
    if (sessions) {
      const { token, expiresAt } = await sessions.create(agentName);
      setSessionCookie(ctx, token, expiresAt);
    }
    ctx.body = {
      success: true,
      message: 'Login successful',
      ...(agentName ? { agent_name: agentName } : {}),
    } satisfies LoginAnswer;
  });

  router.post(ADMIN_LOGOUT_PATH, async (ctx) => {
    const token = sessionToken(ctx);
    if (token && sessions) await sessions.revoke(token);
    setSessionCookie(ctx, null);
    ctx.body = { success: true } satisfies LogoutAnswer;
  });

  router.get(ADMIN_SESSION_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const result = await check(ctx);
    if (result.outcome === 'throttled')
      return throttled(ctx, result.retryAfterSeconds, 'Too many failed attempts.', (error) => ({
        authenticated: false,
        error,
      }));
    ctx.status = result.outcome === 'accepted' ? 200 : 401;
    const answer: SessionAnswer | SessionRefused =
      result.outcome === 'accepted'
        ? { authenticated: true }
        : { authenticated: false, error: 'Admin authentication required' };
    ctx.body = answer;
  });

  router.get(ADMIN_SESSION_PROBE_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // Only the cookie is looked at: a probe must never spend a password guess, nor answer 401 or 429.
    const holder = await sessionHolder(sessionToken(ctx));
    const probe: SessionProbe = holder
      ? { authenticated: true, agent_name: holder.agentName }
      : { authenticated: false, agent_name: null };
    ctx.body = probe;
  });

  const requireAdmin: Middleware = async (ctx, next) => {
    const result = await check(ctx);
    if (result.outcome === 'throttled')
      return throttled(ctx, result.retryAfterSeconds, 'Too many failed attempts.', (error) => ({ error }));
    if (result.outcome !== 'accepted') return refuse(ctx);
    await next();
  };

  return {
    router,
    requireAdmin,
    isAdmin: async (ctx) => (await check(ctx)).outcome === 'accepted',
    async authenticateHandshake({ ip, cookieHeader, password: candidate }) {
      const token = cookieHeader ? parseCookies(cookieHeader)[ADMIN_SESSION_COOKIE] : undefined;
      if (await hasSession(token)) return true;
      if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 1024) return false;
      return (await guess(ip, candidate, 'socket.io /admin')).outcome === 'accepted';
    },
    async handshakeAgent({ ip, cookieHeader, password: candidate, agentName }) {
      const token = cookieHeader ? parseCookies(cookieHeader)[ADMIN_SESSION_COOKIE] : undefined;
      const holder = await sessionHolder(token);
      if (holder) return { name: holder.agentName, sessionId: holder.sessionId };
      if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 1024) return null;
      return (await guess(ip, candidate, 'socket.io /admin')).outcome === 'accepted'
        ? { name: cleanAgentName(agentName), sessionId: null }
        : null;
    },
    verify,
  };
}

/** Per-key counting semaphore with a bounded queue: `acquire` resolves to a release function, or null when full. */
function createSlots(parallel: number, maxWaiting: number) {
  const state = new Map<string, { running: number; waiting: Array<() => void> }>();
  return {
    async acquire(key: string): Promise<(() => void) | null> {
      let entry = state.get(key);
      if (!entry) state.set(key, (entry = { running: 0, waiting: [] }));
      if (entry.running >= parallel) {
        if (entry.waiting.length >= maxWaiting) return null;
        await new Promise<void>((resolve) => entry!.waiting.push(resolve));
      } else {
        entry.running += 1;
      }
      const held = entry;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // Hand the slot straight to the next waiter, so `running` never dips and lets a newcomer jump the queue.
        const next = held.waiting.shift();
        if (next) return next();
        held.running -= 1;
        if (held.running === 0) state.delete(key);
      };
    },
  };
}
