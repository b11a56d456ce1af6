/** Storage the events module declares: the events themselves and the stays behind the accommodations port. */
import type { CollectionSpec } from '@evently/platform';

export const EVENTS_COLLECTION = 'events';
export const STAYS_COLLECTION = 'stays';
/** Counter behind numeric event ids. */
export const EVENT_ID_COUNTER = 'events.id';

export const EVENTS_COLLECTIONS: CollectionSpec[] = [
  {
    name: EVENTS_COLLECTION,
    unique: [['source', 'external_id']],
    indexes: [['source', 'status'], ['status', 'start_utc']],
  },
  { name: STAYS_COLLECTION, indexes: [['city'], ['country']] },
];
