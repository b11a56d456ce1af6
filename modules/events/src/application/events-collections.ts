/** Storage the events module declares: the events themselves and the stays behind the accommodations port. */
import type { CollectionSpec } from '@evently/platform';

export const EVENTS_COLLECTION = 'events';
export const STAYS_COLLECTION = 'stays';
/** Admin split decisions (issue 16): records that must never be linked again with the ones listed. */
export const OFFER_SPLITS_COLLECTION = 'event_offer_splits';
/** Counter behind numeric event ids. */
export const EVENT_ID_COUNTER = 'events.id';

/**
 * Events indexes that a load through upsertManyFromSource never reads (full syncs by source and the upcoming
 * lists do): a first load into an empty store builds them once at its end instead of row by row (issue 14).
 * The load reads by (source, external_id), canonical_id and the two matcher keys.
 */
export const UNREAD_BY_WRITES: string[][] = [['source', 'status'], ['status', 'start_utc']];

export const EVENTS_COLLECTIONS: CollectionSpec[] = [
  {
    name: EVENTS_COLLECTION,
    unique: [['source', 'external_id']],
    // canonical_id: the members of an offer group are read by it (issue 16). match_venue and match_cell: the
    // offer matcher reads the live records of one venue key or grid cell around a start (match-keys.ts).
    indexes: [...UNREAD_BY_WRITES, ['canonical_id'], ['status', 'match_venue', 'start_utc'], ['status', 'match_cell', 'start_utc']],
  },
  { name: OFFER_SPLITS_COLLECTION },
  { name: STAYS_COLLECTION, indexes: [['city'], ['country']] },
];
