/**
 * The `event_ratings` SearchIndex: one document per review of a catalogue event, holding only what ratings
 * need (event, stars, state) and the review's `aggregate_version`. An event's count and mean are computed when
 * it is answered, by one facet query over these documents (see queries/event-ratings): no per-event total is
 * kept, so two workers applying reviews of one event from different partitions cannot lose an update, and a
 * replay or redelivery can only re-write a review's own document with what it already says.
 *
 * Deleted reviews stay as tombstones (`state: deleted`): without the version they hold, a redelivered older
 * message could bring a deleted review back.
 */
import type { IndexDocument, IndexSchema } from '@evently/platform';
import type { ReviewState } from '../../contracts/review-messages.ts';

export const EVENT_RATINGS_INDEX = 'event_ratings';

export const eventRatingsIndexSchema: IndexSchema = {
  name: EVENT_RATINGS_INDEX,
  fields: {
    event_id: { type: 'keyword' },
    state: { type: 'keyword' },
    /** `<event_id>:<stars>`: the facet key (domain/rating.ts). */
    event_rating: { type: 'keyword' },
  },
};

export interface ReviewRatingDocument extends IndexDocument {
  /** The review id (the message key). */
  id: string;
  event_id: string;
  rating: number;
  state: ReviewState;
  event_rating: string;
  aggregate_version: number;
}
