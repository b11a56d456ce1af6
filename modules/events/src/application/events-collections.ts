/**
 * Storage the events module declares: the events themselves, the stays behind the accommodations port and the
 * exchange rates prices are converted with.
 */
import type { CollectionSpec } from '@evently/platform';

export const EVENTS_COLLECTION = 'events';
export const STAYS_COLLECTION = 'stays';
/** Admin split decisions: records that must never be linked again with the ones listed. */
export const OFFER_SPLITS_COLLECTION = 'event_offer_splits';
/** The exchange rates in effect, one document (application/exchange-rates/rate-book.ts). */
export const EXCHANGE_RATES_COLLECTION = 'exchange_rates';
/** Counter behind numeric event ids. */
export const EVENT_ID_COUNTER = 'events.id';

export const EVENTS_COLLECTIONS: CollectionSpec[] = [
  {
    name: EVENTS_COLLECTION,
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
  },
  { name: OFFER_SPLITS_COLLECTION },
  { name: STAYS_COLLECTION, indexes: [['city'], ['country']] },
  { name: EXCHANGE_RATES_COLLECTION },
];
