/** Messages this module publishes on `evently.subscribers`, keyed by subscriber id. */
import { z } from 'zod';

export const SUBSCRIBERS_TOPIC = 'evently.subscribers';

export const subscriberMessageTypes = {
  signedUp: 'SubscriberSignedUp',
  updated: 'SubscriberUpdated',
  unsubscribed: 'SubscriberUnsubscribed',
  deleted: 'SubscriberDeleted',
  digestSent: 'DigestSent',
} as const;

export const subscriberSignedUpSchema = z.object({
  subscriber_id: z.string(),
  /** True when an earlier subscription for the same e-mail and city was reactivated. */
  reactivated: z.boolean(),
});

export const digestSentSchema = z.object({
  subscriber_id: z.string(),
  week: z.string(),
  event_ids: z.array(z.number()),
});
