/** Storage layout of the subscriptions module on the DocumentStore port. */
import type { CollectionSpec } from '@evently/platform';

export const SUBSCRIBERS = 'subscribers';
/** One row per subscriber and ISO week: the claim that makes the weekly send idempotent. */
export const DIGEST_SENDS = 'digest_sends';
/** One row per ISO week: the claim that makes the scheduled batch run once across worker instances. */
export const DIGEST_BATCHES = 'digest_batches';

export const subscriptionCollections: CollectionSpec[] = [
  {
    name: SUBSCRIBERS,
    unique: [['identity_key'], ['unsubscribe_token']],
    indexes: [['is_active', 'created_at'], ['email_key'], ['last_sent_at'], ['country_key', 'city_key'], ['city_key']],
    containsFields: ['email_key', 'name'],
  },
  { name: DIGEST_SENDS, unique: [['subscriber_id', 'week']], indexes: [['status']] },
  { name: DIGEST_BATCHES },
];
