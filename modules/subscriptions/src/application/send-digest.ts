/**
 * One digest mail: the events of the next 7 days matching the subscriber's saved search (or, without filters,
 * within their radius of their city), best first, at most 10. No events means nothing is sent. The weekly
 * batch mails a page at a time under its claims (`send-digest-page.ts`); "Send digest now" mails one here.
 */
import type { Stored } from '@evently/platform';
import { InvalidMailAddressError } from '@evently/platform';
import { renderDigest } from '../domain/digest-content.ts';
import type { DigestEvent } from '../domain/digest-event.ts';
import { describeSearch } from '../contracts/search-words.ts';
import { searchUrl } from '../domain/saved-search.ts';
import { isoWeek, unsubscribeUrl, type Subscriber } from '../domain/subscriber.ts';
import type { SubscriptionsContext } from './context.ts';
import { recordSends } from './digest-records.ts';
import { createDigestSearches } from './digest-searches.ts';

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

function savedSearchLinks(
  ctx: SubscriptionsContext,
  subscriber: Stored<Subscriber>,
  search: NonNullable<Subscriber['search']>,
) {
  const url = searchUrl(ctx.publicUrl, subscriber, search);
  return {
    name: describeSearch(subscriber, search),
    url,
    // The search opened on the site with its Save form set to change this subscription (the token is the mail's).
    editUrl: `${url}${url.includes('?') ? '&' : '?'}edit=${encodeURIComponent(subscriber.unsubscribe_token)}`,
  };
}

export async function deliver(
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
export function skipInvalidAddress(ctx: SubscriptionsContext, subscriber: Stored<Subscriber>): DigestOutcome {
  ctx.logger.warn(
    { subscriber_id: subscriber.id },
    'digest not sent: the stored address is not a plain e-mail address',
  );
  return { sent: false, reason: 'invalid_address' };
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
  await recordSends(ctx, week, [{ subscriberId: subscriber.id, eventIds: events.map((event) => event.id) }]);
  return { sent: true, events: events.length };
}
