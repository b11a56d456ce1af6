/** Unsubscribe by the token from an e-mail link (POST only). Idempotent: a second click finds it already inactive. */
import type { Stored } from '@evently/platform';
import { subscriberMessageTypes, subscriberMessage } from '../contracts/messages.ts';
import type { Subscriber } from '../domain/subscriber.ts';
import { subscribersCollection } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';

export type UnsubscribeOutcome =
  | { status: 'unsubscribed'; subscriber: Stored<Subscriber> }
  | { status: 'already_inactive'; subscriber: Stored<Subscriber> }
  | { status: 'unknown_token' };

export async function unsubscribe(ctx: SubscriptionsContext, token: string): Promise<UnsubscribeOutcome> {
  const now = ctx.clock.now();
  return ctx.store.transaction(async (tx) => {
    const subscriber = await subscribersCollection.findOne(tx, { unsubscribe_token: token });
    if (!subscriber) return { status: 'unknown_token' } as const;
    if (!subscriber.is_active) return { status: 'already_inactive', subscriber } as const;
    const updated = await subscribersCollection.update(tx, subscriber.id, subscriber.version, { is_active: false });
    await tx.appendOutbox([
      subscriberMessage(
        subscriberMessageTypes.unsubscribed,
        updated.id,
        updated.version,
        { subscriber_id: updated.id },
        now,
      ),
    ]);
    return { status: 'unsubscribed', subscriber: updated } as const;
  });
}

/** The subscriber a link names, for the confirm-before-unsubscribing page; reads only. */
export function findByUnsubscribeToken(ctx: SubscriptionsContext, token: string): Promise<Stored<Subscriber> | null> {
  return subscribersCollection.findOne(ctx.store, { unsubscribe_token: token });
}
