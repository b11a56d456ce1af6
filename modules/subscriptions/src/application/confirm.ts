/**
 * Following the confirmation link (by POST from its page, never by the GET a mail scanner may prefetch):
 * activates the subscriber and applies the name the confirmed sign-up asked for. Idempotent.
 */
import { subscriberMessageTypes, subscriberMessage } from '../contracts/messages.ts';
import { isExpired } from '../domain/sign-up-request.ts';
import type { Subscriber } from '../domain/subscriber.ts';
import { subscribersCollection, signUpRequestsCollection } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';

export type ConfirmOutcome = 'confirmed' | 'already_confirmed' | 'expired' | 'unknown_token';

/** Whether a token names a usable request, without changing anything (the GET page). */
export async function checkConfirmToken(ctx: SubscriptionsContext, token: string): Promise<ConfirmOutcome | 'valid'> {
  const request = await signUpRequestsCollection.findOne(ctx.store, { token });
  if (!request || !(await subscribersCollection.get(ctx.store, request.subscriber_id))) return 'unknown_token';
  if (request.confirmed_at) return 'already_confirmed';
  return isExpired(request, ctx.clock.now()) ? 'expired' : 'valid';
}

export async function confirmSubscription(ctx: SubscriptionsContext, token: string): Promise<ConfirmOutcome> {
  const now = ctx.clock.now();
  return ctx.store.transaction(async (tx) => {
    const request = await signUpRequestsCollection.findOne(tx, { token });
    const subscriber = request ? await subscribersCollection.get(tx, request.subscriber_id) : null;
    if (!request || !subscriber) return 'unknown_token';
    if (request.confirmed_at) return 'already_confirmed';
    if (isExpired(request, now)) return 'expired';
    const changes: Partial<Subscriber> = {
      is_active: true,
      confirmed_at: subscriber.confirmed_at ?? now.toISOString(),
    };
    if (request.name !== null && request.name !== subscriber.name) changes.name = request.name;
    const updated = await subscribersCollection.update(tx, subscriber.id, subscriber.version, changes);
    await signUpRequestsCollection.update(tx, request.id, request.version, { confirmed_at: now.toISOString() });
    await tx.appendOutbox([
      subscriberMessage(
        subscriberMessageTypes.confirmed,
        updated.id,
        updated.version,
        { subscriber_id: updated.id, changed: Object.keys(changes) },
        now,
      ),
    ]);
    return 'confirmed';
  });
}
