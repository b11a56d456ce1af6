/**
 * `POST /api/admin/erasures`: an administrator erases a person's data (the body names their address). The
 * answer and the audit log line carry an erasure id and counts, never the address.
 */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { parseBody } from '@evently/platform';
import type { ErasureAnswer } from '../api-document/operations-answers.ts';
import type { ErasureOutcome } from './erase-person.ts';
import { erasureRequestSchema, type ErasureRequest } from './erasure-request.ts';

export const ERASURES_PATH = '/api/admin/erasures';

export interface ErasureRouterOptions {
  requireAdmin: Middleware;
  erase: (request: ErasureRequest, actor: string) => Promise<ErasureOutcome>;
}

export function erasureRouter({ requireAdmin, erase }: ErasureRouterOptions): Router {
  const router = new Router();
  router.post(ERASURES_PATH, requireAdmin, async (ctx) => {
    const request = parseBody(ctx, erasureRequestSchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await erase(
      request,
      `admin api, request ${String(ctx.state.requestId ?? 'unknown')}`,
    )) satisfies ErasureAnswer;
  });
  return router;
}
