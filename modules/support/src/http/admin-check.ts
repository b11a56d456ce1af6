/**
 * "Is this request from an administrator?" without refusing it, asked at most once per request. Public
 * calls that show more to an administrator (the lookup, the messages call) use it; admin-only calls use the
 * refusing `requireAdmin` middleware instead.
 */
import type { Context, Middleware } from 'koa';

export type IsAdmin = (ctx: Context) => Promise<boolean>;

const ANSWER = Symbol('support.isAdmin');

export function cachedIsAdmin(isAdmin: IsAdmin): IsAdmin {
  return async (ctx) => {
    const state = ctx.state as Record<symbol, Promise<boolean> | undefined>;
    state[ANSWER] ??= isAdmin(ctx);
    return state[ANSWER];
  };
}

/**
 * Builds `isAdmin` from a refusing middleware, for compositions that do not provide one: the middleware runs
 * against a stand-in whose status, body and headers are its own, so a refusal leaves the real response
 * untouched, while reads (headers, cookies, address) fall through to the real context.
 */
export function isAdminFromMiddleware(requireAdmin: Middleware): IsAdmin {
  return async (ctx) => {
    let passed = false;
    const probe = Object.create(ctx, {
      status: { value: undefined, writable: true },
      body: { value: undefined, writable: true },
      set: { value: () => undefined },
    }) as Context;
    await requireAdmin(probe, async () => {
      passed = true;
    });
    return passed;
  };
}
