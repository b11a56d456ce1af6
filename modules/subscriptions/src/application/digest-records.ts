/**
 * The store side of the weekly send, one page of subscribers at a time: one transaction claims the page's
 * `(subscriber, ISO week)` rows in `digest_sends` before anything is mailed, one records what was mailed
 * after. Two transactions a page instead of two a subscriber: each commit costs a write of the touched pages
 * of the subscribers, claims and outbox tables, which the subscribers of a page share.
 *
 * A claim that exists already means this week's digest was sent, or a run died between its claim and its
 * record; in both cases nothing is sent again, so no one gets the digest twice (at most once). A run that
 * dies after claiming a page therefore leaves the unmailed rest of that page without this week's digest:
 * the page size bounds what a crash can cost.
 */
import type { Stored } from '@evently/platform';
import { withVersionRetry } from '@evently/platform';
import { subscriberMessageTypes, subscriberMessage } from '../contracts/messages.ts';
import { digestSendsCollection, subscribersCollection, type DigestSend } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';

export interface WeekClaims {
  /** The claims this call made, by subscriber id: these subscribers may be mailed. */
  claimed: Map<string, Stored<DigestSend>>;
  /** Subscribers claimed before (mailed, or left by an interrupted run), with the claim's status. */
  taken: Map<string, DigestSend['status']>;
}

export interface DigestSent {
  subscriberId: string;
  eventIds: number[];
}

/** Claims the week for every subscriber not claimed yet, in one transaction. */
export async function claimWeek(ctx: SubscriptionsContext, subscriberIds: string[], week: string): Promise<WeekClaims> {
  if (subscriberIds.length === 0) return { claimed: new Map(), taken: new Map() };
  // Another process may insert a claim between this read and the inserts (MongoDB's reads take no lock): the
  // unique key refuses it, and the next attempt reads that claim as taken.
  return withVersionRetry(
    () =>
      ctx.store.transaction(async (tx) => {
        const existing = await digestSendsCollection.find(tx, {
          where: { week, subscriber_id: { in: subscriberIds } },
        });
        const taken = new Map(existing.map((claim) => [claim.subscriber_id, claim.status]));
        const claimed = new Map<string, Stored<DigestSend>>();
        const claimedAt = ctx.clock.now().toISOString();
        for (const subscriberId of subscriberIds) {
          if (taken.has(subscriberId) || claimed.has(subscriberId)) continue;
          const claim = await digestSendsCollection.insert(tx, {
            subscriber_id: subscriberId,
            week,
            status: 'sending',
            claimed_at: claimedAt,
            sent_at: null,
            event_ids: [],
          });
          claimed.set(subscriberId, claim);
        }
        return { claimed, taken };
      }),
    { attempts: 4, onUniqueConflict: true },
  );
}

/**
 * In one transaction: each mailed subscriber's `last_sent_at`, its claim marked sent and its `digestSent`
 * message; and the claims of those not mailed deleted (the mail server refused them, so a later run may try
 * again). A subscriber erased meanwhile is left out.
 */
export async function recordSends(
  ctx: SubscriptionsContext,
  week: string,
  sent: DigestSent[],
  releasedClaimIds: string[] = [],
): Promise<void> {
  if (sent.length === 0 && releasedClaimIds.length === 0) return;
  const now = ctx.clock.now();
  const ids = sent.map((send) => send.subscriberId);
  // A subscriber may be edited by an admin at the same moment; re-read and retry on a version conflict.
  await withVersionRetry(
    () =>
      ctx.store.transaction(async (tx) => {
        for (const claimId of releasedClaimIds) await digestSendsCollection.delete(tx, claimId);
        if (ids.length === 0) return;
        const subscribers = await subscribersCollection.find(tx, { where: { id: { in: ids } } });
        const byId = new Map(subscribers.map((subscriber) => [subscriber.id, subscriber]));
        const claims = await digestSendsCollection.find(tx, { where: { week, subscriber_id: { in: ids } } });
        const claimOf = new Map(claims.map((claim) => [claim.subscriber_id, claim]));
        const messages = [];
        for (const { subscriberId, eventIds } of sent) {
          const subscriber = byId.get(subscriberId);
          if (!subscriber) continue;
          const updated = await subscribersCollection.update(tx, subscriberId, subscriber.version, {
            last_sent_at: now.toISOString(),
          });
          const claim = claimOf.get(subscriberId);
          if (claim) {
            await digestSendsCollection.update(tx, claim.id, claim.version, {
              status: 'sent',
              sent_at: now.toISOString(),
              event_ids: eventIds,
            });
          }
          messages.push(
            subscriberMessage(
              subscriberMessageTypes.digestSent,
              subscriberId,
              updated.version,
              { subscriber_id: subscriberId, week, event_ids: eventIds },
              now,
            ),
          );
        }
        if (messages.length > 0) await tx.appendOutbox(messages);
      }),
    { attempts: 4 },
  );
}
