/**
 * Rate limits for public forms and the site-wide budget of wrong admin passwords. A limiter counts attempts
 * per key (usually the client address) and is asynchronous because its counters live in a store every process
 * shares (`store-rate-limiter.ts`): with several api replicas a limit must hold for the site, not per replica,
 * and a restart must not reset it. `memory-rate-limiter.ts` is a fake of the same shape for unit tests.
 */
import type { Context, Middleware } from 'koa';

export interface RateLimitState {
  /** For `hit`: this attempt was within the limit. For `peek`: a further attempt would be. */
  allowed: boolean;
  /** Attempts left in the current window. */
  remaining: number;
  /** Whole seconds until an attempt is allowed again (0 while allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Reads the state without counting an attempt. */
  peek(key: string): Promise<RateLimitState>;
  /** Counts one attempt if the limit allows it; a refused attempt is not counted, so the wait shown stays true. */
  hit(key: string): Promise<RateLimitState>;
  /** Forgets the key's attempts (e.g. after a successful login). */
  reset(key: string): Promise<void>;
}

export interface RateLimitSpec {
  /** Unique per purpose, e.g. `subscriptions.sign-up`; limiters with different names never share counts. */
  name: string;
  /** Attempts allowed per key within `windowMs`. */
  limit: number;
  windowMs: number;
}

/** What `ModuleDeps.rateLimits` offers a module: limiters whose counters every process shares. */
export interface RateLimits {
  create(spec: RateLimitSpec): RateLimiter;
  /** A middleware counting each request per client address; requests of an authenticated admin are never counted. */
  middleware(spec: RateLimitSpec & Omit<RateLimitMiddlewareOptions, 'limiter'>): Middleware;
}

/** Sets the 429 status, the Retry-After header and a body the caller chooses. */
export function answerTooManyRequests(ctx: Context, state: RateLimitState, body: unknown): void {
  ctx.status = 429;
  ctx.set('Retry-After', String(Math.max(1, state.retryAfterSeconds)));
  ctx.body = body;
}

export interface RateLimitMiddlewareOptions {
  limiter: RateLimiter;
  /** Defaults to the client address (`ctx.ip`, which honours the trusted proxy setting). */
  key?: (ctx: Context) => string;
  message?: string;
  /** Requests for which this resolves true are neither counted nor refused (an authenticated admin). */
  exempt?: (ctx: Context) => Promise<boolean>;
}

/** Counts every request that reaches it; e.g. `router.post('/api/support/tickets', rateLimit({...}), handler)`. */
export function rateLimit({
  limiter,
  key = (ctx) => ctx.ip,
  message = 'Too many requests, please try again later.',
  exempt,
}: RateLimitMiddlewareOptions): Middleware {
  return async (ctx, next) => {
    if (exempt && (await exempt(ctx))) return next();
    const state = await limiter.hit(key(ctx));
    if (!state.allowed) {
      answerTooManyRequests(ctx, state, { error: message });
      return;
    }
    await next();
  };
}
