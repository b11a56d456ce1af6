/**
 * Storage the events module declares on the DocumentStore port, as typed handles that decode on read: the
 * events themselves, admin split decisions, the stays behind the accommodations port and the exchange rates
 * prices are converted with.
 */
import { defineCollection } from '@evently/platform';
import { z } from 'zod';
import { storedEventSchema } from '../contracts/stored-event.ts';

/** Counter behind numeric event ids. */
export const EVENT_ID_COUNTER = 'events.id';

/**
 * An event as stored: the announced shape (contracts/stored-event.ts, the schema its messages are checked
 * with, old records' missing `on_sale_utc` included) plus the offer matcher's lookup keys, which are storage
 * only and absent on records written before they existed (backfill-match-keys adds them).
 */
const eventDocumentSchema = storedEventSchema
  .omit({ id: true, version: true, created_at: true, updated_at: true })
  .extend({ match_venue: z.string().optional(), match_cell: z.string().optional() });

export type EventDocument = z.infer<typeof eventDocumentSchema>;

export const eventsCollection = defineCollection<EventDocument>({
  name: 'events',
  unique: [['source', 'external_id']],
  // canonical_id: the members of an offer group are read by it. match_venue and match_cell: the
  // offer matcher reads the live records of one venue key or grid cell around a start (match-keys.ts).
  indexes: [
    ['source', 'status'],
    ['status', 'start_utc'],
    ['canonical_id'],
    ['status', 'match_venue', 'start_utc'],
    ['status', 'match_cell', 'start_utc'],
  ],
  schema: eventDocumentSchema,
});

/**
 * The same `events` documents seen only through the fields the offer matcher's keys derive from. The match-keys
 * backfill walks the whole catalogue, oldest records first, and reads nothing else, so it decodes only these:
 * a record it keys is never refused for a field it does not read, and the walk pays for no other field.
 */
const matchFieldsSchema = storedEventSchema
  .pick({ venue_name: true, city: true, latitude: true, longitude: true })
  .extend({ match_venue: z.string().optional(), match_cell: z.string().optional() });

export type EventMatchFields = z.infer<typeof matchFieldsSchema>;

export const eventMatchFields = defineCollection<EventMatchFields>({
  ...eventsCollection.spec,
  schema: matchFieldsSchema,
});

/**
 * The same `events` documents seen through what the offer matcher compares a candidate on. A record's candidates
 * (every live record near its venue and start) are decoded on these fields only: the whole event is a parse of
 * dozens of fields per candidate, and a busy venue has many.
 */
const matchCandidateSchema = storedEventSchema.pick({
  name: true,
  start_utc: true,
  venue_name: true,
  city: true,
  latitude: true,
  longitude: true,
  canonical_id: true,
});

export const eventMatchCandidates = defineCollection<z.infer<typeof matchCandidateSchema>>({
  ...eventsCollection.spec,
  schema: matchCandidateSchema,
});

const splitDecisionSchema = z.object({
  /** The record that was split off (also the document id). */
  event_id: z.string(),
  apart_from: z.array(z.string()),
  reason: z.string(),
  at: z.string(),
});

export type SplitDecision = z.infer<typeof splitDecisionSchema>;

/** Admin split decisions: records that must never be linked again with the ones listed. */
export const offerSplitsCollection = defineCollection<SplitDecision>({
  name: 'event_offer_splits',
  schema: splitDecisionSchema,
});

export const staySchema = z.object({
  name: z.string(),
  city: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  image_url: z.string().nullable(),
  nightly_price: z.number().nullable(),
  currency: z.string(),
  rating: z.number().nullable(),
  url: z.string(),
  affiliate_url: z.string().nullable(),
});

export type Stay = z.infer<typeof staySchema>;

export const staysCollection = defineCollection<Stay>({
  name: 'stays',
  indexes: [['city'], ['country']],
  schema: staySchema,
});

const storedRatesSchema = z.object({
  date: z.string(),
  usd_per_unit: z.record(z.string(), z.number()),
  /** Where the table was fetched from. */
  source: z.string(),
  fetched_at: z.string(),
});

export type StoredRates = z.infer<typeof storedRatesSchema>;

/** The exchange rates in effect, one document (application/exchange-rates/rate-book.ts). */
export const exchangeRatesCollection = defineCollection<StoredRates>({
  name: 'exchange_rates',
  schema: storedRatesSchema,
});

export const eventsCollections = [
  eventsCollection.spec,
  offerSplitsCollection.spec,
  staysCollection.spec,
  exchangeRatesCollection.spec,
];

/** Collection names, for readers that take one (specs). */
export const EVENTS_COLLECTION = eventsCollection.name;
export const STAYS_COLLECTION = staysCollection.name;
