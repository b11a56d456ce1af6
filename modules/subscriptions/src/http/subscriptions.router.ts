/** HTTP door of the subscriptions module: public sign-up and unsubscribe, and the admin calls of spec 02 §7. */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { HttpError, UniqueConstraintError, parseBody, parseParams, parseQuery, parseWith } from '@evently/platform';
import { adminListQuerySchema, adminPatchSchema, subscriberIdSchema, unsubscribeTokenSchema } from '../contracts/admin.ts';
import { signUpSchema } from '../contracts/sign-up.ts';
import { deleteSubscriber, getSubscriber, listSubscribers, updateSubscriber } from '../application/admin-subscribers.ts';
import type { SubscriptionsContext } from '../application/context.ts';
import { runDigestBatch } from '../application/run-digest-batch.ts';
import { MailTransportError, sendDigestNow } from '../application/send-digest.ts';
import { signUp } from '../application/sign-up.ts';
import { unsubscribe } from '../application/unsubscribe.ts';
import { toAdminView, toPublicView } from '../application/views.ts';
import { unsubscribePage } from './unsubscribe-page.ts';

export const SIGN_UP_SUCCESS_MESSAGE = "Subscribed! We'll send weekly events for your city.";

export interface SubscriptionsRouterOptions {
  requireAdmin: Middleware;
  /** Per-client limiter for the public sign-up form. */
  signUpRateLimit: Middleware;
}

/** Turns failures the client can act on into clear 4xx/503 answers. */
const mapDomainErrors: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (error instanceof UniqueConstraintError) {
      throw new HttpError(409, 'Another subscription already exists for this e-mail and city');
    }
    if (error instanceof MailTransportError) throw new HttpError(503, 'Mail server unavailable, please retry later');
    throw error;
  }
};

export function createSubscriptionsRouter(app: SubscriptionsContext, options: SubscriptionsRouterOptions): Router {
  const router = new Router({ prefix: '/api/subscriptions' });
  router.use(mapDomainErrors);

  router.post('/', options.signUpRateLimit, async (ctx) => {
    const input = parseBody(ctx, signUpSchema);
    if (input.website) {
      // Honeypot filled in: answer like a success so the bot learns nothing, and store nothing.
      app.logger.info({ ip: ctx.ip }, 'subscription honeypot triggered');
      ctx.status = 201;
      ctx.body = { message: SIGN_UP_SUCCESS_MESSAGE };
      return;
    }
    const { subscriber, reactivated } = await signUp(app, input);
    ctx.status = reactivated ? 200 : 201;
    ctx.body = { message: SIGN_UP_SUCCESS_MESSAGE, subscription: toPublicView(subscriber) };
  });

  const handleUnsubscribe = (format: 'html' | 'json'): Middleware => async (ctx) => {
    const parsed = unsubscribeTokenSchema.safeParse(ctx.params);
    const outcome = parsed.success ? await unsubscribe(app, parsed.data.token) : ({ status: 'unknown_token' } as const);
    const texts = {
      unsubscribed: ['You have been unsubscribed', `You will no longer receive the weekly ${app.appName} digest for this city.`],
      already_inactive: ['You are already unsubscribed', 'This subscription was already inactive; nothing more to do.'],
      unknown_token: ['Link not recognised', 'This unsubscribe link is not valid or the subscription no longer exists.'],
    } as const;
    const [heading, body] = texts[outcome.status];
    ctx.status = outcome.status === 'unknown_token' ? 404 : 200;
    if (format === 'json') {
      ctx.body = { ok: outcome.status !== 'unknown_token', status: outcome.status };
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = unsubscribePage(app.appName, app.publicUrl, heading, body);
  };
  router.get('/unsubscribe/:token', handleUnsubscribe('html'));
  // RFC 8058 one-click unsubscribe: mail clients POST to the List-Unsubscribe address.
  router.post('/unsubscribe/:token', handleUnsubscribe('json'));

  router.get('/admin', options.requireAdmin, async (ctx) => {
    ctx.body = await listSubscribers(app, parseQuery(ctx, adminListQuerySchema));
  });

  router.post('/admin/run-digest', options.requireAdmin, async (ctx) => {
    ctx.body = { result: await runDigestBatch(app) };
  });

  router.patch('/admin/:id', options.requireAdmin, async (ctx) => {
    const { id } = parseParams(ctx, subscriberIdSchema);
    const patch = parseBody(ctx, adminPatchSchema);
    ctx.body = { ok: true, subscription: await updateSubscriber(app, id, patch) };
  });

  router.delete('/admin/:id', options.requireAdmin, async (ctx) => {
    const { id } = parseParams(ctx, subscriberIdSchema);
    await deleteSubscriber(app, id);
    ctx.body = { ok: true };
  });

  router.post('/admin/:id/send-digest', options.requireAdmin, async (ctx) => {
    const { id } = parseWith(subscriberIdSchema, ctx.params);
    const subscriber = await getSubscriber(app, id);
    const outcome = await sendDigestNow(app, subscriber);
    const current = await getSubscriber(app, id);
    ctx.body = {
      ok: true,
      sent: outcome.sent ? 1 : 0,
      ...(outcome.sent ? {} : { reason: outcome.reason }),
      subscription: toAdminView(current, app.publicUrl),
    };
  });

  return router;
}
