/**
 * Public sign-up, with double opt-in. A new e-mail and city (or e-mail and saved search) becomes a pending
 * subscriber (no digests); a known one is left exactly as it is. Either way a sign-up request is stored and
 * `SubscriberSignedUp` published, and the worker mails the confirmation link from that message (so a crash
 * after the commit still gets it out). Only following the link activates the subscription and applies the
 * name asked for.
 */
import { UniqueConstraintError } from '@evently/platform';
import type { SignUpInput } from '../contracts/sign-up.ts';
import { subscriberMessageTypes, subscriberMessage } from '../contracts/messages.ts';
import { SIGN_UP_REQUEST_TTL_MS } from '../domain/sign-up-request.ts';
import {
  DEFAULT_RADIUS_KM,
  identityKey,
  newConfirmToken,
  newUnsubscribeToken,
  normaliseKey,
  searchFields,
} from '../domain/subscriber.ts';
import { subscribersCollection, signUpRequestsCollection } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';

/** Deliberately says nothing about whether the address was known: the answer is the same either way. */
export async function signUp(ctx: SubscriptionsContext, input: SignUpInput): Promise<void> {
  // Two first sign-ups of one address at once (MongoDB): the loser retries and finds the winner's subscriber.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await requestConfirmation(ctx, input);
    } catch (error) {
      if (!(error instanceof UniqueConstraintError) || attempt >= 3) throw error;
    }
  }
}

async function requestConfirmation(ctx: SubscriptionsContext, input: SignUpInput): Promise<void> {
  const now = ctx.clock.now();
  const place = { country: input.country, city: input.city, radius_km: input.radius_km ?? DEFAULT_RADIUS_KM };
  const saved = searchFields(place, input.search);
  const key = identityKey(input.email, input.city, { key: saved.search_key, filtered: saved.has_filters });
  await ctx.store.transaction(async (tx) => {
    const existing = await subscribersCollection.findOne(tx, { identity_key: key });
    const subscriber =
      existing ??
      (await subscribersCollection.insert(tx, {
        email: input.email,
        name: input.name,
        country: input.country,
        city: input.city,
        email_key: normaliseKey(input.email),
        country_key: normaliseKey(input.country),
        city_key: normaliseKey(input.city),
        radius_km: place.radius_km,
        ...saved,
        is_active: false,
        confirmed_at: null,
        unsubscribe_token: newUnsubscribeToken(),
        last_sent_at: null,
        identity_key: key,
      }));
    const request = await signUpRequestsCollection.insert(tx, {
      subscriber_id: subscriber.id,
      token: newConfirmToken(),
      name: input.name,
      requested_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SIGN_UP_REQUEST_TTL_MS).toISOString(),
      confirmed_at: null,
      mailed_at: null,
    });
    await tx.appendOutbox([
      subscriberMessage(
        subscriberMessageTypes.signedUp,
        subscriber.id,
        subscriber.version,
        { subscriber_id: subscriber.id, request_id: request.id, reactivated: existing !== null },
        now,
      ),
    ]);
  });
}
