/** Storage layout of the subscriptions module on the DocumentStore port. */
import type { CollectionSpec } from '@evently/platform';

export const SUBSCRIBERS = 'subscribers';
/** One row per subscriber and ISO week: the claim that makes the weekly send idempotent. */
export const DIGEST_SENDS = 'digest_sends';
/** One row per ISO week: the claim that makes the scheduled batch run once across worker instances. */
export const DIGEST_BATCHES = 'digest_batches';
/** Sign-ups waiting for their confirmation link to be followed (double opt-in). */
export const SIGN_UP_REQUESTS = 'subscription_requests';

export const subscriptionCollections: CollectionSpec[] = [
  {
    name: SUBSCRIBERS,
    unique: [['identity_key'], ['unsubscribe_token']],
    indexes: [
      ['is_active', 'created_at'],
      ['email_key'],
      ['last_sent_at'],
      ['country_key', 'city_key'],
      ['city_key'],
      ['confirmed_at'],
      ['has_filters', 'created_at'],
    ],
    containsFields: ['email_key', 'name'],
  },
  { name: DIGEST_SENDS, unique: [['subscriber_id', 'week']], indexes: [['status']] },
  { name: DIGEST_BATCHES },
  { name: SIGN_UP_REQUESTS, unique: [['token']], indexes: [['subscriber_id'], ['expires_at']] },
];
