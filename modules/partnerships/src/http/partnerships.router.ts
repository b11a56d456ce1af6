/**
 * HTTP door of the partnerships module: the public form call of spec 02 §7 and the admin calls behind the
 * admin credential that the Partnerships tab uses.
 */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { answer, parseBody, parseQuery } from '@evently/platform';
import { deleteRequest } from '../application/commands/delete-request/delete-request.ts';
import { setRequestStatus } from '../application/commands/set-status/set-request-status.ts';
import { submitRequest } from '../application/commands/submit-request/submit-request.ts';
import type { PartnershipsContext } from '../application/context.ts';
import { getRequest, listRequests } from '../application/queries/list-requests/list-requests.ts';
import { adminListQuerySchema, statusUpdateSchema } from '../contracts/admin.ts';
import type {
  RequestAnswer,
  RequestDeletedAnswer,
  RequestPage,
  RequestReceivedAnswer,
} from '../contracts/request-answers.ts';
import { isHoneypotFilled, submitRequestSchema } from '../contracts/submit-request.ts';
import { toAdminView } from '../domain/request-views.ts';

/** Spec 02 §8: what the Thank You screen says; the answer carries it too. */
export const REQUEST_RECEIVED_MESSAGE =
  "We've received your partnership inquiry and will get back to you within 2-3 business days.";
export const REQUEST_NOT_FOUND_MESSAGE = 'Partnership request not found';

export interface PartnershipsRouterOptions {
  /** Refuses with 401 unless the request carries the admin credential. */
  requireAdmin: Middleware;
  /** Per-client limit on submits. */
  submitRateLimit: Middleware;
}

const received = (ctx: Context) =>
  answer(ctx, 201, { success: true, message: REQUEST_RECEIVED_MESSAGE } satisfies RequestReceivedAnswer);

export function createPartnershipsRouter(app: PartnershipsContext, options: PartnershipsRouterOptions): Router {
  const router = new Router();

  router.post('/api/partnership-request', options.submitRateLimit, async (ctx) => {
    if (isHoneypotFilled((ctx.request as { body?: unknown }).body)) {
      // Answer like a success so the bot learns nothing, and store nothing.
      app.logger.info({ ip: ctx.ip }, 'partnership honeypot triggered');
      return received(ctx);
    }
    const input = parseBody(ctx, submitRequestSchema);
    const { duplicate, request } = await submitRequest(app, input);
    if (duplicate) app.logger.info({ request_id: request.id }, 'partnership request submitted again; kept as one');
    // A repeat answers exactly like the first submit: the visitor sees the same Thank You either way.
    received(ctx);
  });

  const admin = new Router({ prefix: '/api/admin/partnership-requests' });
  admin.use(options.requireAdmin);

  admin.get('/', async (ctx) =>
    answer(ctx, 200, (await listRequests(app, parseQuery(ctx, adminListQuerySchema))) satisfies RequestPage),
  );

  admin.get('/:id', async (ctx) => {
    const request = await getRequest(app, ctx.params.id ?? '');
    if (!request) return answer(ctx, 404, { error: REQUEST_NOT_FOUND_MESSAGE });
    answer(ctx, 200, { request } satisfies RequestAnswer);
  });

  admin.patch('/:id', async (ctx) => {
    const { status } = parseBody(ctx, statusUpdateSchema);
    const request = await setRequestStatus(app, ctx.params.id ?? '', status);
    if (!request) return answer(ctx, 404, { error: REQUEST_NOT_FOUND_MESSAGE });
    answer(ctx, 200, { request: toAdminView(request) } satisfies RequestAnswer);
  });

  admin.delete('/:id', async (ctx) => {
    if (!(await deleteRequest(app, ctx.params.id ?? ''))) return answer(ctx, 404, { error: REQUEST_NOT_FOUND_MESSAGE });
    answer(ctx, 200, { message: 'Partnership request deleted' } satisfies RequestDeletedAnswer);
  });

  router.use(admin.routes(), admin.allowedMethods());
  return router;
}
