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
 * Only wrong passwords count against the per-address limiter, at the login endpoint and through the header
 * alike, so the header cannot be used to go around the login limit, and an administrator's own calls never
 * use up the allowance. Password checks run at most a few at a time per address; further ones wait for a
 * slot (and look at the limiter again once they have it) rather than being refused, so a panel or script
 * firing many calls at once is never throttled, while a burst of guesses cannot slip past the count.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import Router from '@koa/router';
import { parse as parseCookies } from 'cookie';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import { parseBody } from './validate.ts';
import type { AdminSessions } from './admin-sessions.ts';
import { createMemoryRateLimiter } from './memory-rate-limiter.ts';
import { answerTooManyRequests, type RateLimiter } from './rate-limit.ts';

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
/** Wrong passwords allowed per client address and window before even the right one is refused. */
export const ADMIN_LOGIN_LIMIT = { name: 'admin.failed-logins', limit: 5, windowMs: 15 * 60_000 } as const;

export interface AdminAuthOptions {
  password: string;
  logger: Logger;
  /**
   * Failed attempts per client address, 5 per 15 minutes. The composition passes a store-backed limiter so
   * every api replica shares the count; without one (module harnesses) a per-process fake is used.
   */
  limiter?: RateLimiter;
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
  verify(candidate: string): Promise<boolean>;
}

/** The login call's body; exported for the API document. */
export const loginBodySchema = z.object({ password: z.string().min(1, 'Password is required').max(1024) });

type Guess = 'accepted' | 'rejected' | 'throttled';

export function createAdminAuth({
  password,
  logger,
  limiter = createMemoryRateLimiter(ADMIN_LOGIN_LIMIT),
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

  /** Checks a password guess from `ip` under the limiter. */
  async function guess(ip: string, candidate: string, where: string): Promise<Guess> {
    const release = await slots.acquire(ip);
    if (!release) return 'throttled';
    try {
      if (!(await limiter.peek(ip)).allowed) return 'throttled';
      if (await verify(candidate)) {
        await limiter.reset(ip);
        return 'accepted';
      }
      await limiter.hit(ip);
      logger.warn({ ip, where }, 'failed admin authentication');
      return 'rejected';
    } finally {
      release();
    }
  }

  const hasSession = async (token: string | undefined) => Boolean(token && sessions && (await sessions.isValid(token)));
  const sessionToken = (ctx: Context) => ctx.cookies.get(ADMIN_SESSION_COOKIE) ?? undefined;

  async function check(ctx: Context): Promise<Guess | 'missing'> {
    if (await hasSession(sessionToken(ctx))) return 'accepted';
    const candidate = ctx.get(ADMIN_PASSWORD_HEADER);
    if (!candidate) return 'missing';
    return guess(ctx.ip, candidate, ctx.path);
  }

  const refuse = (ctx: Context) => {
    ctx.status = 401;
    ctx.body = { error: 'Admin authentication required' };
  };
  const throttled = async (ctx: Context, body: unknown) => {
    const state = await limiter.peek(ctx.ip);
    // Allowed again means the wait queue was full rather than the limit spent: ask for a one-second pause.
    answerTooManyRequests(ctx, state.allowed ? { allowed: false, remaining: 0, retryAfterSeconds: 1 } : state, body);
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
    const { password: candidate } = parseBody(ctx, loginBodySchema);
    const outcome = await guess(ctx.ip, candidate, ctx.path);
    if (outcome === 'throttled') {
      await throttled(ctx, { success: false, message: 'Too many login attempts. Please try again later.' });
      return;
    }
    if (outcome === 'rejected') {
      ctx.status = 401;
      ctx.body = { success: false, message: 'Invalid password' };
      return;
    }
    if (sessions) {
      const { token, expiresAt } = await sessions.create();
      setSessionCookie(ctx, token, expiresAt);
    }
    ctx.body = { success: true, message: 'Login successful' };
  });

  router.post(ADMIN_LOGOUT_PATH, async (ctx) => {
    const token = sessionToken(ctx);
    if (token && sessions) await sessions.revoke(token);
    setSessionCookie(ctx, null);
    ctx.body = { success: true };
  });

  router.get(ADMIN_SESSION_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const outcome = await check(ctx);
    if (outcome === 'throttled') return throttled(ctx, { authenticated: false, error: 'Too many failed attempts. Please try again later.' });
    ctx.status = outcome === 'accepted' ? 200 : 401;
    ctx.body = outcome === 'accepted' ? { authenticated: true } : { authenticated: false, error: 'Admin authentication required' };
  });

  const requireAdmin: Middleware = async (ctx, next) => {
    const outcome = await check(ctx);
    if (outcome === 'throttled') return throttled(ctx, { error: 'Too many failed attempts. Please try again later.' });
    if (outcome !== 'accepted') return refuse(ctx);
    await next();
  };

  return {
    router,
    requireAdmin,
    isAdmin: async (ctx) => (await check(ctx)) === 'accepted',
    async authenticateHandshake({ ip, cookieHeader, password: candidate }) {
      const token = cookieHeader ? parseCookies(cookieHeader)[ADMIN_SESSION_COOKIE] : undefined;
      if (await hasSession(token)) return true;
      if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 1024) return false;
      return (await guess(ip, candidate, 'socket.io /admin')) === 'accepted';
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
