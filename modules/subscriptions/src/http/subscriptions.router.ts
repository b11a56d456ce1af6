/** HTTP door of the subscriptions module: public sign-up, confirm and unsubscribe, and the admin calls of spec 02 §7. */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  HttpError,
  UniqueConstraintError,
  acceptFormBodies,
  answer,
  parseBody,
  parseParams,
  parseQuery,
  parseWith,
} from '@evently/platform';
import { adminListQuerySchema, adminPatchSchema, mailLinkTokenSchema, subscriberIdSchema } from '../contracts/admin.ts';
import { savedSearchEditSchema, signUpSchema } from '../contracts/sign-up.ts';
import type {
  DigestBatchAnswer,
  DigestRefusedAnswer,
  DigestSentAnswer,
  SavedSearchEditedAnswer,
  SignUpAnswer,
  SubscriberAnswer,
  SubscriberDeletedAnswer,
  SubscriberPage,
  UnsubscribedAnswer,
} from '../contracts/subscriber-answers.ts';
import {
  deleteSubscriber,
  getSubscriber,
  listSubscribers,
  updateSubscriber,
} from '../application/admin-subscribers.ts';
import { checkConfirmToken, confirmSubscription, type ConfirmOutcome } from '../application/confirm.ts';
import type { SubscriptionsContext } from '../application/context.ts';
import { editSavedSearch } from '../application/edit-saved-search.ts';
import { runDigestBatch } from '../application/run-digest-batch.ts';
import { MailTransportError, sendDigestNow } from '../application/send-digest.ts';
import { signUp } from '../application/sign-up.ts';
import { findByUnsubscribeToken, unsubscribe, type UnsubscribeOutcome } from '../application/unsubscribe.ts';
import { toAdminView } from '../application/views.ts';
import { statusOf, type Subscriber } from '../domain/subscriber.ts';
import { mailLinkPage } from './mail-link-page.ts';
import { unsubscribePageTexts, type UnsubscribePageState } from './unsubscribe-page-texts.ts';

/**
 * The one answer to every accepted sign-up (new address, known address, honeypot): 202 and this text, so the
 * answer never tells a stranger whether an address is subscribed.
 */
export const DIGEST_NOT_CONFIRMED_MESSAGE =
  'This subscriber has not confirmed their address yet, so no digest can be sent.';
export const DIGEST_DEACTIVATED_MESSAGE = 'This subscriber is deactivated; reactivate them before sending a digest.';

/** Why "Send digest now" is refused for this subscriber (the panel shows `error` beside the disabled button), or null. */
function digestNowRefusal(
  subscriber: Pick<Subscriber, 'is_active' | 'confirmed_at'>,
): Pick<DigestRefusedAnswer, 'reason' | 'error'> | null {
  const status = statusOf(subscriber);
  if (status === 'pending') return { reason: 'not_confirmed', error: DIGEST_NOT_CONFIRMED_MESSAGE };
  if (status === 'unsubscribed') return { reason: 'deactivated', error: DIGEST_DEACTIVATED_MESSAGE };
  return null;
}

export const SIGN_UP_SUCCESS_MESSAGE =
  'Almost done! Check your inbox for our confirmation email to start your weekly events.';

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
      throw new HttpError(409, 'Another subscription already exists for this e-mail and search');
    }
    if (error instanceof MailTransportError) throw new HttpError(503, 'Mail server unavailable, please retry later');
    throw error;
  }
};

type PageTexts = Record<string, readonly [heading: string, body: string]>;

export function createSubscriptionsRouter(app: SubscriptionsContext, options: SubscriptionsRouterOptions): Router {
  const router = new Router({ prefix: '/api/subscriptions' });
  router.use(mapDomainErrors);

  router.post('/', options.signUpRateLimit, async (ctx) => {
    const input = parseBody(ctx, signUpSchema);
    if (input.website) {
      // Honeypot filled in: answer like a success so the bot learns nothing, and store nothing.
      app.logger.info({ ip: ctx.ip }, 'subscription honeypot triggered');
    } else {
      await signUp(app, input);
    }
    answer(ctx, 202, { message: SIGN_UP_SUCCESS_MESSAGE } satisfies SignUpAnswer);
  });

  const page = (
    ctx: Context,
    status: number,
    [heading, body]: readonly [string, string],
    action?: { path: string; label: string },
  ) => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = mailLinkPage({
      appName: app.appName,
      publicUrl: app.publicUrl,
      heading,
      body,
      ...(action ? { action } : {}),
    });
  };
  const tokenOf = (ctx: Context) => {
    const parsed = mailLinkTokenSchema.safeParse((ctx as Context & { params?: unknown }).params);
    return parsed.success ? parsed.data.token : null;
  };

  const confirmTexts: PageTexts = {
    valid: ['Confirm your subscription', `Press Confirm to start receiving the weekly ${app.appName} events digest.`],
    confirmed: [
      'Subscription confirmed',
      `You will receive the weekly ${app.appName} events digest. Every mail has a link to unsubscribe.`,
    ],
    already_confirmed: ['Already confirmed', 'This subscription was already confirmed; nothing more to do.'],
    expired: ['Link expired', 'This confirmation link has expired. Sign up again to get a new one.'],
    unknown_token: ['Link not recognised', 'This confirmation link is not valid or the subscription no longer exists.'],
  };
  const confirmStatus = (outcome: ConfirmOutcome | 'valid') =>
    outcome === 'unknown_token' ? 404 : outcome === 'expired' ? 410 : 200;

  // GET only shows the button: a prefetching mail scanner must not confirm on the owner's behalf.
  router.get('/confirm/:token', async (ctx) => {
    const token = tokenOf(ctx);
    const outcome = token ? await checkConfirmToken(app, token) : 'unknown_token';
    page(
      ctx,
      confirmStatus(outcome),
      confirmTexts[outcome]!,
      outcome === 'valid' ? { path: ctx.path, label: 'Confirm' } : undefined,
    );
  });
  router.post('/confirm/:token', acceptFormBodies, async (ctx) => {
    const token = tokenOf(ctx);
    const outcome = token ? await confirmSubscription(app, token) : 'unknown_token';
    page(ctx, confirmStatus(outcome), confirmTexts[outcome]!);
  });

  const unsubscribeTexts = (state: UnsubscribePageState, subscriber: Subscriber | null) =>
    unsubscribePageTexts(app.appName, state, subscriber);

  // GET shows a confirm button; only the POST unsubscribes (mail scanners prefetch links with GET).
  router.get('/unsubscribe/:token', async (ctx) => {
    const token = tokenOf(ctx);
    const subscriber = token ? await findByUnsubscribeToken(app, token) : null;
    if (!subscriber) return page(ctx, 404, unsubscribeTexts('unknown_token', null));
    if (!subscriber.is_active) return page(ctx, 200, unsubscribeTexts('already_inactive', subscriber));
    page(ctx, 200, unsubscribeTexts('subscribed', subscriber), { path: ctx.path, label: 'Unsubscribe' });
  });
  // The page's button, and RFC 8058 one-click unsubscribe (mail clients POST `List-Unsubscribe=One-Click`).
  router.post('/unsubscribe/:token', acceptFormBodies, async (ctx) => {
    const token = tokenOf(ctx);
    const outcome: UnsubscribeOutcome = token ? await unsubscribe(app, token) : { status: 'unknown_token' };
    const status = outcome.status === 'unknown_token' ? 404 : 200;
    // A browser submitting the page's form asks for HTML; a mail client's one-click POST gets JSON.
    if (ctx.accepts('json', 'html') === 'html') {
      const subscriber = outcome.status === 'unknown_token' ? null : outcome.subscriber;
      return page(ctx, status, unsubscribeTexts(outcome.status, subscriber));
    }
    answer(ctx, status, {
      ok: outcome.status !== 'unknown_token',
      status: outcome.status,
    } satisfies UnsubscribedAnswer);
  });

  // The mail's "edit" link opens the search on the site; its Save form sends the changed search here.
  router.put('/saved/:token', options.signUpRateLimit, async (ctx) => {
    const token = tokenOf(ctx);
    const edit = parseBody(ctx, savedSearchEditSchema);
    const updated = token ? await editSavedSearch(app, token, edit) : null;
    if (!updated) throw new HttpError(404, 'This saved search no longer exists');
    answer(ctx, 200, {
      ok: true,
      search: updated.search,
      description: updated.search_description,
      url: updated.search_url,
    } satisfies SavedSearchEditedAnswer);
  });

  router.get('/admin', options.requireAdmin, async (ctx) => {
    answer(ctx, 200, (await listSubscribers(app, parseQuery(ctx, adminListQuerySchema))) satisfies SubscriberPage);
  });

  router.post('/admin/run-digest', options.requireAdmin, async (ctx) => {
    answer(ctx, 200, { result: await runDigestBatch(app) } satisfies DigestBatchAnswer);
  });

  router.patch('/admin/:id', options.requireAdmin, async (ctx) => {
    const { id } = parseParams(ctx, subscriberIdSchema);
    const patch = parseBody(ctx, adminPatchSchema);
    answer(ctx, 200, { ok: true, subscription: await updateSubscriber(app, id, patch) } satisfies SubscriberAnswer);
  });

  router.delete('/admin/:id', options.requireAdmin, async (ctx) => {
    const { id } = parseParams(ctx, subscriberIdSchema);
    await deleteSubscriber(app, id);
    answer(ctx, 200, { ok: true } satisfies SubscriberDeletedAnswer);
  });

  router.post('/admin/:id/send-digest', options.requireAdmin, async (ctx) => {
    const { id } = parseWith(subscriberIdSchema, ctx.params);
    const subscriber = await getSubscriber(app, id);
    const refusal = digestNowRefusal(subscriber);
    if (refusal) {
      answer(ctx, 409, {
        ok: false,
        sent: 0,
        ...refusal,
        subscription: toAdminView(subscriber, app.publicUrl),
      } satisfies DigestRefusedAnswer);
      return;
    }
    const outcome = await sendDigestNow(app, subscriber);
    const current = await getSubscriber(app, id);
    answer(ctx, 200, {
      ok: true,
      sent: outcome.sent ? 1 : 0,
      ...(outcome.sent ? {} : { reason: outcome.reason }),
      subscription: toAdminView(current, app.publicUrl),
    } satisfies DigestSentAnswer);
  });

  return router;
}
