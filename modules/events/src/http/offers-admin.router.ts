/**
 * Admin calls for offer links, behind the admin credential: split a wrongly linked record off its
 * event. `POST /api/admin/events/{id}/split` with an optional `{ "reason": "..." }`; answers the record's id
 * and the id its former group now lists under. The split is remembered (it is never linked back).
 */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { parseBody } from '@evently/platform';
import type { SplitAnswer } from '../contracts/index.ts';
import type { SplitResult } from '../application/commands/split-offer/split-offer.ts';
import { EVENT_NOT_FOUND } from './events.router.ts';

const splitBodySchema = z.object({ reason: z.string().trim().min(1).max(500).optional() }).strict();

export function createOffersAdminRouter(deps: {
  split: (id: string, reason?: string) => Promise<SplitResult>;
  requireAdmin: Middleware;
}): Router {
  const router = new Router({ prefix: '/api/admin/events' });

  router.post('/:id/split', deps.requireAdmin, async (ctx) => {
    const body = ctx.request.body === undefined || ctx.request.body === null ? {} : parseBody(ctx, splitBodySchema);
    const result = await deps.split(ctx.params.id ?? '', body.reason);
    if (result.status === 'not_found') {
      ctx.status = 404;
      ctx.body = { error: EVENT_NOT_FOUND };
      return;
    }
    if (result.status === 'not_linked') {
      ctx.status = 409;
      ctx.body = { error: 'This event is not linked with any other offer' };
      return;
    }
    ctx.body = {
      event_id: Number(result.event_id),
      remaining_canonical_id: result.remaining_canonical_id === null ? null : Number(result.remaining_canonical_id),
    } satisfies SplitAnswer;
  });

  return router;
}
