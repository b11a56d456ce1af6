/**
 * Sends one subscriber their digest: the events of the next 7 days matching their saved search (or, without
 * filters, within their radius of their city), best first, at most 10. No events means nothing is sent.
 *
 * Idempotency (scheduled sends): before sending, the sender claims `(subscriber, ISO week)` in
 * `digest_sends`. A claim that exists already means this week's digest was sent, or a previous run died while
 * handing it to the mail server; in both cases nothing is sent again, so no one gets the digest twice (the
 * ambiguous case is logged for the operator). When the mail transport rejects a message the claim is
 * released, since we know for certain it was not accepted.
 */
import type { Stored } from '@evently/platform';
import { InvalidMailAddressError, UniqueConstraintError, withVersionRetry } from '@evently/platform';
import { subscriberMessageTypes, subscriberMessage } from '../contracts/messages.ts';
import { renderDigest } from '../domain/digest-content.ts';
import type { DigestEvent } from '../domain/digest-event.ts';
import { describeSearch, searchUrl } from '../domain/saved-search.ts';
import { DEFAULT_RADIUS_KM, isoWeek, statusOf, unsubscribeUrl, type Subscriber } from '../domain/subscriber.ts';
import { digestSendsCollection, subscribersCollection, type DigestSend } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';
import { createDigestSearches, type DigestSearches } from './digest-searches.ts';

export { DIGEST_MAX_EVENTS } from './digest-searches.ts';

export type DigestOutcome =
  | { sent: true; events: number }
  | {
      sent: false;
      reason:
        | 'no_city_coordinates'
        | 'no_events'
        | 'already_sent_this_week'
        | 'inactive'
        | 'not_confirmed'
        | 'invalid_address';
    };

/** Thrown when the mail transport fails; the batch stops, since the next send would fail the same way. */
export class MailTransportError extends Error {
  constructor(cause: unknown) {
    super(`mail transport failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MailTransportError';
  }
}

async function claimWeek(
  ctx: SubscriptionsContext,
  subscriberId: string,
  week: string,
): Promise<Stored<DigestSend> | null> {
  try {
    return await ctx.store.transaction((tx) =>
      digestSendsCollection.insert(tx, {
        subscriber_id: subscriberId,
        week,
        status: 'sending',
        claimed_at: ctx.clock.now().toISOString(),
        sent_at: null,
        event_ids: [],
      }),
    );
  } catch (error) {
    if (error instanceof UniqueConstraintError) return null;
    throw error;
  }
}

async function recordSent(
  ctx: SubscriptionsContext,
  subscriberId: string,
  week: string,
  eventIds: number[],
): Promise<void> {
  const now = ctx.clock.now();
  // The subscriber may be edited by an admin at the same moment; re-read and retry on a version conflict.
  await withVersionRetry(
    () =>
      ctx.store.transaction(async (tx) => {
        const subscriber = await subscribersCollection.get(tx, subscriberId);
        if (!subscriber) return;
        const updated = await subscribersCollection.update(tx, subscriberId, subscriber.version, {
          last_sent_at: now.toISOString(),
        });
        const claim = await digestSendsCollection.findOne(tx, { subscriber_id: subscriberId, week });
        if (claim) {
          await digestSendsCollection.update(tx, claim.id, claim.version, {
            status: 'sent',
            sent_at: now.toISOString(),
            event_ids: eventIds,
          });
        }
        await tx.appendOutbox([
          subscriberMessage(
            subscriberMessageTypes.digestSent,
            subscriberId,
            updated.version,
            { subscriber_id: subscriberId, week, event_ids: eventIds },
            now,
          ),
        ]);
      }),
    { attempts: 4 },
  );
}

function savedSearchLinks(
  ctx: SubscriptionsContext,
  subscriber: Stored<Subscriber>,
  search: NonNullable<Subscriber['search']>,
) {
  const url = searchUrl(ctx.publicUrl, subscriber, search);
  return {
    name: describeSearch(subscriber, search, DEFAULT_RADIUS_KM),
    url,
    // The search opened on the site with its Save form set to change this subscription (the token is the mail's).
    editUrl: `${url}${url.includes('?') ? '&' : '?'}edit=${encodeURIComponent(subscriber.unsubscribe_token)}`,
  };
}

async function deliver(
  ctx: SubscriptionsContext,
  subscriber: Stored<Subscriber>,
  events: DigestEvent[],
  week: string,
  manual: boolean,
) {
  const link = unsubscribeUrl(ctx.publicUrl, subscriber.unsubscribe_token);
  const content = renderDigest({
    appName: ctx.appName,
    publicUrl: ctx.publicUrl,
    recipientName: subscriber.name,
    city: subscriber.city,
    country: subscriber.country,
    events,
    unsubscribeUrl: link,
    ...(subscriber.search ? { savedSearch: savedSearchLinks(ctx, subscriber, subscriber.search) } : {}),
  });
  const host = new URL(ctx.publicUrl).hostname || 'evently.local';
  await ctx.mailer.send({
    to: subscriber.email,
    ...content,
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    messageId: `<digest-${subscriber.id}-${week}${manual ? `-manual-${Date.now()}` : ''}@${host}>`,
  });
}

/**
 * An address stored before the check was strict (say `a<b@c.example>.d`) is never mailed: it is this
 * subscriber's problem alone, so the batch goes on with the others.
 */
function skipInvalidAddress(ctx: SubscriptionsContext, subscriber: Stored<Subscriber>): DigestOutcome {
  ctx.logger.warn(
    { subscriber_id: subscriber.id },
    'digest not sent: the stored address is not a plain e-mail address',
  );
  return { sent: false, reason: 'invalid_address' };
}

/** The weekly batch's send: at most once per subscriber and ISO week. */
export async function sendScheduledDigest(
  ctx: SubscriptionsContext,
  subscriber: Stored<Subscriber>,
  searches: DigestSearches = createDigestSearches(ctx),
): Promise<DigestOutcome> {
  if (statusOf(subscriber) !== 'active') return { sent: false, reason: 'inactive' };
  const events = await searches.eventsFor(subscriber);
  if (!events) return { sent: false, reason: 'no_city_coordinates' };
  if (events.length === 0) return { sent: false, reason: 'no_events' };
  const week = isoWeek(ctx.clock.now());
  const claim = await claimWeek(ctx, subscriber.id, week);
  if (!claim) {
    const existing = await digestSendsCollection.findOne(ctx.store, { subscriber_id: subscriber.id, week });
    if (existing?.status === 'sending') {
      ctx.logger.warn({ subscriber_id: subscriber.id, week }, 'digest claim from an interrupted run: not resending');
    }
    return { sent: false, reason: 'already_sent_this_week' };
  }
  try {
    await deliver(ctx, subscriber, events, week, false);
  } catch (error) {
    await ctx.store.transaction((tx) => digestSendsCollection.delete(tx, claim.id));
    if (error instanceof InvalidMailAddressError) return skipInvalidAddress(ctx, subscriber);
    throw new MailTransportError(error);
  }
  await recordSent(
    ctx,
    subscriber.id,
    week,
    events.map((event) => event.id),
  );
  return { sent: true, events: events.length };
}

/**
 * "Send digest now" from the admin panel: an explicit human request, so it ignores the weekly claim, but it
 * still needs suitable events and still records `last_sent_at` (which keeps the next batch from repeating it).
 * Nobody is mailed who has not confirmed their address (double opt-in) or who unsubscribed: the router refuses
 * both with a 409 before asking, and this check keeps any other caller to the same rule.
 */
export async function sendDigestNow(ctx: SubscriptionsContext, subscriber: Stored<Subscriber>): Promise<DigestOutcome> {
  if (!subscriber.confirmed_at) return { sent: false, reason: 'not_confirmed' };
  if (!subscriber.is_active) return { sent: false, reason: 'inactive' };
  const events = await createDigestSearches(ctx).eventsFor(subscriber);
  if (!events) return { sent: false, reason: 'no_city_coordinates' };
  if (events.length === 0) return { sent: false, reason: 'no_events' };
  const week = isoWeek(ctx.clock.now());
  try {
    await deliver(ctx, subscriber, events, week, true);
  } catch (error) {
    if (error instanceof InvalidMailAddressError) return skipInvalidAddress(ctx, subscriber);
    throw new MailTransportError(error);
  }
  await recordSent(
    ctx,
    subscriber.id,
    week,
    events.map((event) => event.id),
  );
  return { sent: true, events: events.length };
}
