/**
 * The subscription calls' answers: one zod schema each, from which the API document is generated, the
 * handlers are typed and the client (sign-up, saved search, Subscribers tab) takes its types. The sign-up
 * answer names nobody: whether an address is subscribed is never told to whoever asks.
 */
import { DATE_PRESETS } from '@evently/events/contracts';
import { z } from 'zod';

const timestamp = z.iso.datetime({ offset: true });

export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed'] as const;

/** A saved search's filters; all null for a plain city digest. Prices in USD. */
export const savedSearchSchema = z.object({
  keyword: z.string().nullable(),
  category: z.string().nullable(),
  min_price: z.number().nullable(),
  max_price: z.number().nullable(),
  date_preset: z.enum(DATE_PRESETS).nullable(),
  centre: z.object({ lat: z.number(), lon: z.number() }).nullable(),
});

/** A subscriber as the team sees it: the stored subscriber without its internal keys, plus its links. */
export const adminSubscriberViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  country: z.string().describe('Empty for a search around a centre of its own'),
  city: z.string(),
  radius_km: z.number(),
  is_active: z.boolean().describe('Receives digests'),
  status: z.enum(SUBSCRIBER_STATUSES).describe('Double opt-in: pending until the address is confirmed'),
  confirmed: z.boolean(),
  confirmed_at: timestamp.nullable(),
  unsubscribe_token: z.string(),
  unsubscribe_url: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  last_sent_at: timestamp.nullable(),
  search: savedSearchSchema,
  has_filters: z.boolean(),
  search_description: z.string().describe('The search in words'),
  search_url: z.string().describe('The search on the site'),
});

/** `POST /api/subscriptions`: the same answer whether the address is new, known or a bot's. */
export const signUpAnswerSchema = z.object({ message: z.string() });

/** `PUT /api/subscriptions/saved/{token}`: the changed search, in words, and its address. */
export const savedSearchEditedAnswerSchema = z.object({
  ok: z.literal(true),
  search: savedSearchSchema,
  description: z.string(),
  url: z.string(),
});

export const UNSUBSCRIBE_OUTCOMES = ['unsubscribed', 'already_inactive', 'unknown_token'] as const;

/** `POST /api/subscriptions/unsubscribe/{token}` asked for JSON (a mail client's one-click unsubscribe). */
export const unsubscribedAnswerSchema = z.object({ ok: z.boolean(), status: z.enum(UNSUBSCRIBE_OUTCOMES) });

/** `GET /api/subscriptions/admin`: one page of subscribers and the desk's counts. */
export const subscriberPageSchema = z.object({
  ok: z.literal(true),
  subscriptions: z.array(adminSubscriberViewSchema),
  pages: z.number().int().positive(),
  page: z.number().int().positive(),
  total: z.number().int().nonnegative().describe('Subscribers matching the filters'),
  stats: z.object({
    total: z.number().int().nonnegative(),
    active: z.number().int().nonnegative(),
    inactive: z.number().int().nonnegative(),
    pending: z.number().int().nonnegative(),
    sent_last_7d: z.number().int().nonnegative(),
  }),
});

export const digestBatchResultSchema = z.object({
  processed: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  /** At most one per saved search, however many subscribers share it. */
  searches: z.number().int().nonnegative().describe('Distinct searches put to the catalogue'),
});

/** `POST /api/subscriptions/admin/run-digest`. */
export const digestBatchAnswerSchema = z.object({ result: digestBatchResultSchema });

/** `PATCH /api/subscriptions/admin/{id}`. */
export const subscriberAnswerSchema = z.object({ ok: z.literal(true), subscription: adminSubscriberViewSchema });

/** `DELETE /api/subscriptions/admin/{id}`. */
export const subscriberDeletedAnswerSchema = z.object({ ok: z.literal(true) });

export const DIGEST_SKIP_REASONS = [
  'no_city_coordinates',
  'no_events',
  'already_sent_this_week',
  'inactive',
  'not_confirmed',
  'invalid_address',
] as const;

/** `POST .../send-digest` 200: sent or not (`reason`, when there was nothing to send). */
export const digestSentAnswerSchema = z.object({
  ok: z.literal(true),
  sent: z.union([z.literal(0), z.literal(1)]),
  reason: z.enum(DIGEST_SKIP_REASONS).optional(),
  subscription: adminSubscriberViewSchema,
});

/** `POST .../send-digest` 409: nobody is mailed who has not confirmed or is deactivated. */
export const digestRefusedAnswerSchema = z.object({
  ok: z.literal(false),
  sent: z.literal(0),
  reason: z.enum(['not_confirmed', 'deactivated']),
  error: z.string(),
  subscription: adminSubscriberViewSchema,
});

export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export type SavedSearchView = z.infer<typeof savedSearchSchema>;
export type AdminSubscriberView = z.infer<typeof adminSubscriberViewSchema>;
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;
export type SavedSearchEditedAnswer = z.infer<typeof savedSearchEditedAnswerSchema>;
export type UnsubscribedAnswer = z.infer<typeof unsubscribedAnswerSchema>;
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;
export type DigestBatchResult = z.infer<typeof digestBatchResultSchema>;
export type DigestBatchAnswer = z.infer<typeof digestBatchAnswerSchema>;
export type SubscriberAnswer = z.infer<typeof subscriberAnswerSchema>;
export type SubscriberDeletedAnswer = z.infer<typeof subscriberDeletedAnswerSchema>;
export type DigestSentAnswer = z.infer<typeof digestSentAnswerSchema>;
export type DigestRefusedAnswer = z.infer<typeof digestRefusedAnswerSchema>;
