/**
 * Public sign-up. One subscription per e-mail and city: signing up again reactivates and updates the existing
 * one instead of duplicating it. The confirmation e-mail is sent by the worker from the published
 * `SubscriberSignedUp` message, so an acknowledged sign-up is never left without its e-mail by a crash.
 */
import type { Stored } from '@evently/platform';
import type { SignUpInput } from '../contracts/sign-up.ts';
import { subscriberMessageTypes } from '../contracts/messages.ts';
import {
  DEFAULT_RADIUS_KM,
  identityKey,
  newUnsubscribeToken,
  normaliseKey,
  type Subscriber,
} from '../domain/subscriber.ts';
import { SUBSCRIBERS } from '../infra/collections.ts';
import { subscriberMessage } from '../infra/envelopes.ts';
import type { SubscriptionsContext } from './context.ts';

export interface SignUpResult {
  subscriber: Stored<Subscriber>;
  reactivated: boolean;
}

export async function signUp(ctx: SubscriptionsContext, input: SignUpInput): Promise<SignUpResult> {
  const now = ctx.clock.now();
  const key = identityKey(input.email, input.city);
  const details = {
    email: input.email,
    name: input.name,
    country: input.country,
    city: input.city,
    email_key: normaliseKey(input.email),
    country_key: normaliseKey(input.country),
    city_key: normaliseKey(input.city),
  };
  return ctx.store.transaction(async (tx) => {
    const existing = await tx.findOne<Subscriber>(SUBSCRIBERS, { identity_key: key });
    if (existing) {
      const subscriber = await tx.update<Subscriber>(SUBSCRIBERS, existing.id, existing.version, {
        ...details,
        name: input.name ?? existing.name,
        is_active: true,
      });
      await tx.appendOutbox([
        subscriberMessage(subscriberMessageTypes.signedUp, subscriber.id, subscriber.version, { reactivated: true }, now),
      ]);
      return { subscriber, reactivated: true };
    }
    const subscriber = await tx.insert<Subscriber>(SUBSCRIBERS, {
      ...details,
      radius_km: DEFAULT_RADIUS_KM,
      is_active: true,
      unsubscribe_token: newUnsubscribeToken(),
      last_sent_at: null,
      confirmation_sent_at: null,
      identity_key: key,
    });
    await tx.appendOutbox([
      subscriberMessage(subscriberMessageTypes.signedUp, subscriber.id, subscriber.version, { reactivated: false }, now),
    ]);
    return { subscriber, reactivated: false };
  });
}
