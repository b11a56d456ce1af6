/** Messages this module publishes on `evently.subscribers`, keyed by subscriber id. */
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

export const subscriberSignedUpSchema = z.object({
  subscriber_id: z.string(),
  /** The sign-up request whose link the confirmation mail carries (absent in messages from before double opt-in). */
  request_id: z.string().optional(),
  /** True when the e-mail and city already had a subscription. */
  reactivated: z.boolean(),
});

export const digestSentSchema = z.object({
  subscriber_id: z.string(),
  week: z.string(),
  event_ids: z.array(z.number()),
});
