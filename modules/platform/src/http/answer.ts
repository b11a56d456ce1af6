import type { Context } from 'koa';

/** Sets a handler's answer in one statement, so a branch can `return answer(ctx, 404, { error })`. */
export function answer(ctx: Context, status: number, body: unknown): void {
  ctx.status = status;
  ctx.body = body;
}
