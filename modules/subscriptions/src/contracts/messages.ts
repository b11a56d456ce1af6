/** Messages this module publishes on `evently.subscribers`, keyed by subscriber id. */
import { defineMessages } from '@evently/platform';
import { z } from 'zod';

export const SUBSCRIBERS_TOPIC = 'evently.subscribers';

export const subscriberMessageTypes = {
  /** A sign-up asked for confirmation; nothing about the subscriber changed yet. */
  signedUp: 'SubscriberSignedUp',
  /** The confirmation link was followed: the subscriber is active (and renamed if the sign-up said so). */
  confirmed: 'SubscriberConfirmed',
  updated: 'SubscriberUpdated',
  unsubscribed: 'SubscriberUnsubscribed',
  deleted: 'SubscriberDeleted',
  digestSent: 'DigestSent',
} as const;

const subscriberRef = { subscriber_id: z.string() };

export const subscriberSignedUpSchema = z.object({
  ...subscriberRef,
  /** The sign-up request whose link the confirmation mail carries (absent in messages from before double opt-in). */
  request_id: z.string().optional(),
  /** True when the e-mail and city already had a subscription. */
  reactivated: z.boolean(),
});

/** Which fields the change touched (names only: the values stay in the document). */
export const subscriberChangedSchema = z.object({ ...subscriberRef, changed: z.array(z.string()) });

export const subscriberRefSchema = z.object(subscriberRef);

export const digestSentSchema = z.object({
  ...subscriberRef,
  week: z.string(),
  event_ids: z.array(z.number()),
});

export const subscriberMessageSchemas = {
  [subscriberMessageTypes.signedUp]: subscriberSignedUpSchema,
  [subscriberMessageTypes.confirmed]: subscriberChangedSchema,
  [subscriberMessageTypes.updated]: subscriberChangedSchema,
  [subscriberMessageTypes.unsubscribed]: subscriberRefSchema,
  [subscriberMessageTypes.deleted]: subscriberRefSchema,
  [subscriberMessageTypes.digestSent]: digestSentSchema,
} as const;

/** Builds this module's outbox records, each validated against its type's schema. */
export const subscriberMessage = defineMessages(SUBSCRIBERS_TOPIC, subscriberMessageSchemas);
