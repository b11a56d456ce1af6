/** Storage layout of the subscriptions module on the DocumentStore port: typed handles that decode on read. */
import { defineCollection } from '@evently/platform';
import { DATE_PRESETS } from '@evently/events';
import { z } from 'zod';
import type { SavedSearch } from '../domain/saved-search.ts';
import type { SignUpRequest } from '../domain/sign-up-request.ts';
import type { Subscriber } from '../domain/subscriber.ts';

const text = z.string().nullable();
/** A field added after rows were first written: those rows lack it and read it as null. */
const laterText = text.default(null);

const savedSearchSchema: z.ZodType<SavedSearch> = z.object({
  keyword: text,
  category: text,
  min_price: z.number().nullable(),
  max_price: z.number().nullable(),
  date_preset: z.enum(DATE_PRESETS).nullable(),
  centre: z.object({ lat: z.number(), lon: z.number() }).nullable(),
});

/**
 * Rows from before double opt-in have no `confirmed_at` (they read as pending); rows from before saved searches
 * have no `search`, `search_key` or `has_filters` (a city digest). Both are read as they are, never refused.
 */
export const subscribersCollection = defineCollection<Subscriber>({
  name: 'subscribers',
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
  schema: z.object({
    email: z.string(),
    name: text,
    country: z.string(),
    city: z.string(),
    radius_km: z.number(),
    is_active: z.boolean(),
    confirmed_at: laterText,
    unsubscribe_token: z.string(),
    last_sent_at: text,
    search: savedSearchSchema.nullable().optional(),
    search_key: z.string().optional(),
    has_filters: z.boolean().optional(),
    identity_key: z.string(),
    email_key: z.string(),
    country_key: z.string(),
    city_key: z.string(),
  }),
});

/** One row per subscriber and ISO week: the claim that makes the weekly send idempotent. */
const digestSendSchema = z.object({
  subscriber_id: z.string(),
  week: z.string(),
  status: z.enum(['sending', 'sent']),
  claimed_at: z.string(),
  sent_at: text,
  event_ids: z.array(z.number()),
});

export type DigestSend = z.infer<typeof digestSendSchema>;

export const digestSendsCollection = defineCollection<DigestSend>({
  name: 'digest_sends',
  unique: [['subscriber_id', 'week']],
  indexes: [['status']],
  schema: digestSendSchema,
});

/** One row per ISO week (the id): the claim that makes the scheduled batch run once across worker instances. */
export const digestBatchesCollection = defineCollection<{ started_at: string }>({
  name: 'digest_batches',
  schema: z.object({ started_at: z.string() }),
});

/** Sign-ups waiting for their confirmation link to be followed (double opt-in). */
export const signUpRequestsCollection = defineCollection<SignUpRequest>({
  name: 'subscription_requests',
  unique: [['token']],
  indexes: [['subscriber_id'], ['expires_at']],
  schema: z.object({
    subscriber_id: z.string(),
    token: z.string(),
    name: text,
    requested_at: z.string(),
    expires_at: z.string(),
    confirmed_at: text,
    mailed_at: text,
  }),
});

export const subscriptionCollections = [
  subscribersCollection.spec,
  digestSendsCollection.spec,
  digestBatchesCollection.spec,
  signUpRequestsCollection.spec,
];
