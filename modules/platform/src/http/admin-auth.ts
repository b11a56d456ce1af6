/**
 * Administrator authentication: one shared password (the spec has no user accounts). The server keeps only a
 * scrypt hash of ADMIN_PASSWORD; each candidate is hashed with the same salt and compared with
 * `timingSafeEqual`, so neither the comparison nor its timing reveals how much of a guess was right.
 *
 * Wrong guesses count against a per-address rate limiter, both at the login endpoint and through the
 * `X-Admin-Password` header on admin routes, so the header cannot be used to go around the login limit.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import { parseBody } from './validate.ts';
import { answerTooManyRequests, createRateLimiter, type RateLimiter } from './rate-limit.ts';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 64;
const MAX_PARALLEL_CHECKS = 6;

export const ADMIN_PASSWORD_HEADER = 'x-admin-password';
export const ADMIN_LOGIN_PATH = '/api/support/admin/login';

export interface AdminAuthOptions {
  password: string;
  logger: Logger;
  /** Failed attempts per client address; defaults to 5 per 15 minutes. */
  limiter?: RateLimiter;
}

export interface AdminAuth {
  /** `POST /api/support/admin/login` answering `{ success, message }`. */
  router: Router;
  /** Answers 401 `{ error }` unless `X-Admin-Password` carries the admin password. */
  requireAdmin: Middleware;
  verify(candidate: string): Promise<boolean>;
}

const loginBodySchema = z.object({ password: z.string().max(1024) });

export function createAdminAuth({
  password,
  logger,
  limiter = createRateLimiter({ limit: 5, windowMs: 15 * 60_000 }),
}: AdminAuthOptions): AdminAuth {
  const salt = randomBytes(16);
  // Only the hash outlives this call; the password itself is not kept in the closure.
  const expected = scryptAsync(password, salt, KEY_LENGTH);

  async function verify(candidate: string): Promise<boolean> {
    const [actual, wanted] = await Promise.all([scryptAsync(candidate, salt, KEY_LENGTH), expected]);
    return timingSafeEqual(actual, wanted);
  }

  /** Password checks running at once per address; a panel loading several lists in parallel stays below it. */
  const inFlight = new Map<string, number>();

  /**
   * Checks a guess under the rate limit; `undefined` means the caller was refused with 429 already. Only wrong
   * guesses are counted, so an administrator's own calls never use up the allowance; the cap on parallel
   * checks keeps a burst of simultaneous guesses from slipping past before the first failures are counted.
   */
  async function guarded(ctx: Context, candidate: string, refusedBody: unknown): Promise<boolean | undefined> {
    const key = ctx.ip;
    const state = limiter.peek(key);
    const busy = inFlight.get(key) ?? 0;
    if (!state.allowed || busy >= MAX_PARALLEL_CHECKS) {
      answerTooManyRequests(ctx, state.allowed ? { allowed: false, remaining: 0, retryAfterSeconds: 1 } : state, refusedBody);
      return undefined;
    }
    inFlight.set(key, busy + 1);
    let ok: boolean;
    try {
      ok = await verify(candidate);
    } finally {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left > 0) inFlight.set(key, left);
      else inFlight.delete(key);
    }
    if (ok) {
      limiter.reset(key);
      return true;
    }
    limiter.hit(key);
    logger.warn({ ip: key, path: ctx.path }, 'failed admin authentication');
    return false;
  }

  const router = new Router();
  router.post(ADMIN_LOGIN_PATH, async (ctx) => {
    const { password: candidate } = parseBody(ctx, loginBodySchema);
    const ok = await guarded(ctx, candidate, {
      success: false,
      message: 'Too many login attempts. Please try again later.',
    });
    if (ok === undefined) return;
    ctx.status = ok ? 200 : 401;
    ctx.body = ok ? { success: true, message: 'Login successful' } : { success: false, message: 'Invalid password' };
  });

  const requireAdmin: Middleware = async (ctx, next) => {
    const candidate = ctx.get(ADMIN_PASSWORD_HEADER);
    if (!candidate) {
      ctx.status = 401;
      ctx.body = { error: 'Admin authentication required' };
      return;
    }
    const ok = await guarded(ctx, candidate, { error: 'Too many failed attempts. Please try again later.' });
    if (ok === undefined) return;
    if (!ok) {
      ctx.status = 401;
      ctx.body = { error: 'Admin authentication required' };
      return;
    }
    await next();
  };

  return { router, requireAdmin, verify };
}
