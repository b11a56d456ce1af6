import type { Context, Middleware } from 'koa';
import { describe, expect, it } from 'vitest';
import { cachedIsAdmin, isAdminFromMiddleware } from './admin-check.ts';

/** A stand-in for the platform's requireAdmin: passes with the right header, answers 401 otherwise. */
const requireAdmin: Middleware = async (ctx, next) => {
  if (ctx.get('x-admin-password') !== 'right') {
    ctx.status = 401;
    ctx.body = { error: 'Admin authentication required' };
    ctx.set('WWW-Authenticate', 'none');
    return;
  }
  await next();
};

function fakeContext(password: string) {
  const written: Record<string, unknown> = {};
  const ctx = {
    state: {},
    get: (name: string) => (name === 'x-admin-password' ? password : ''),
    set status(value: unknown) {
      written.status = value;
    },
    set body(value: unknown) {
      written.body = value;
    },
    set: () => {
      written.header = true;
    },
  };
  return { ctx: ctx as unknown as Context, written };
}

describe('isAdminFromMiddleware', () => {
  it('is true when the middleware lets the request through', async () => {
    const { ctx } = fakeContext('right');
    expect(await isAdminFromMiddleware(requireAdmin)(ctx)).toBe(true);
  });

  it('is false on a refusal and leaves the real response untouched', async () => {
    const { ctx, written } = fakeContext('wrong');
    expect(await isAdminFromMiddleware(requireAdmin)(ctx)).toBe(false);
    expect(written).toEqual({});
  });
});

describe('cachedIsAdmin', () => {
  it('asks once per request', async () => {
    let asked = 0;
    const isAdmin = cachedIsAdmin(async () => {
      asked += 1;
      return true;
    });
    const { ctx } = fakeContext('right');
    expect(await isAdmin(ctx)).toBe(true);
    expect(await isAdmin(ctx)).toBe(true);
    expect(asked).toBe(1);
  });
});
