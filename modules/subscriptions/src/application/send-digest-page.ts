/**
 * The weekly batch's send of one page of subscribers, at most once per subscriber and ISO week: the page's due
 * subscribers with events are claimed in one transaction (those claimed before are skipped), mailed one by
 * one, and what was mailed is recorded in one transaction (`digest-records.ts`).
 *
 * When the mail transport fails the page stops there: those already mailed are recorded, and the claims of
 * the one refused and of the rest are released, since we know for certain they were not accepted; the batch
 * stops too (the next send would fail alike). An address the transport refuses as malformed is that
 * subscriber's problem alone: its claim is released and the page goes on.
 */
import type { Stored } from '@evently/platform';
import { InvalidMailAddressError } from '@evently/platform';
import type { DigestEvent } from '../domain/digest-event.ts';
import { isDueForDigest, isoWeek, type Subscriber } from '../domain/subscriber.ts';
import type { SubscriptionsContext } from './context.ts';
import { claimWeek, recordSends, type DigestSent } from './digest-records.ts';
import type { DigestSearches } from './digest-searches.ts';
import { deliver, MailTransportError, skipInvalidAddress } from './send-digest.ts';

export interface PageTally {
  /** Subscribers due this week. */
  processed: number;
  sent: number;
  skipped: number;
}

interface Mailable {
  subscriber: Stored<Subscriber>;
  events: DigestEvent[];
}

export async function sendDigestPage(
  ctx: SubscriptionsContext,
  page: Array<Stored<Subscriber>>,
  searches: DigestSearches,
): Promise<PageTally> {
  const now = ctx.clock.now();
  const due = page.filter((subscriber) => isDueForDigest(subscriber, now));
  const tally: PageTally = { processed: due.length, sent: 0, skipped: 0 };
  const mailable: Mailable[] = [];
  // Asked together: the searches the batch did not queue ahead are answered side by side, not one by one.
  const answers = await Promise.all(due.map((subscriber) => searches.eventsFor(subscriber)));
  for (const [position, subscriber] of due.entries()) {
    const events = answers[position];
    // No place to search from, or nothing in the coming week: no mail rather than an empty one.
    if (events && events.length > 0) mailable.push({ subscriber, events });
    else tally.skipped += 1;
  }

  const week = isoWeek(now);
  const { claimed, taken } = await claimWeek(
    ctx,
    mailable.map(({ subscriber }) => subscriber.id),
    week,
  );
  for (const [subscriberId, status] of taken) {
    if (status === 'sending')
      ctx.logger.warn({ subscriber_id: subscriberId, week }, 'digest claim from an interrupted run: not resending');
  }

  const sent: DigestSent[] = [];
  const released: string[] = [];
  for (const [position, { subscriber, events }] of mailable.entries()) {
    const claim = claimed.get(subscriber.id);
    if (!claim) {
      tally.skipped += 1;
      continue;
    }
    try {
      await deliver(ctx, subscriber, events, week, false);
    } catch (error) {
      released.push(claim.id);
      if (error instanceof InvalidMailAddressError) {
        skipInvalidAddress(ctx, subscriber);
        tally.skipped += 1;
        continue;
      }
      const notReached = mailable
        .slice(position + 1)
        .flatMap(({ subscriber: later }) => claimed.get(later.id)?.id ?? []);
      await recordSends(ctx, week, sent, [...released, ...notReached]);
      throw new MailTransportError(error);
    }
    sent.push({ subscriberId: subscriber.id, eventIds: events.map((event) => event.id) });
    tally.sent += 1;
  }
  await recordSends(ctx, week, sent, released);
  return tally;
}
