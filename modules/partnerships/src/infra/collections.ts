/** Storage layout of the partnerships module on the DocumentStore port. */
import type { CollectionSpec } from '@evently/platform';

export const PARTNERSHIP_REQUESTS = 'partnership_requests';

export const partnershipCollections: CollectionSpec[] = [
  {
    name: PARTNERSHIP_REQUESTS,
    // Two racing submits of one form collide here even where transactions are not serialised (MongoDB).
    unique: [['duplicate_key']],
    indexes: [['created_at'], ['status', 'created_at'], ['fingerprint', 'created_at']],
  },
];
