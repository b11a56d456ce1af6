/**
 * Keeps the `event_ratings` index from the reviews module's messages (`evently.reviews`): per review of a
 * catalogue event, its event, stars and state after the newest message seen. Idempotent and order-tolerant
 * like the events projector: a message is applied only when its aggregate_version is newer than the
 * document's, so redeliveries and a replay from offset zero end in the same documents, hence the same
 * counts and means. Reviews of free-text events concern no catalogue event and are skipped.
 *
 * This projector owns its own index, so rebuilding the `events` index (which replays `evently.events` only)
 * never touches ratings, and rebuilding this one never touches events.
 */
import {
  createLatestVersionProjector,
  type Delivered,
  type ModuleDeps,
  type Projector,
  type SearchIndex,
} from '@evently/platform';
import { REVIEW_STATE_AFTER, REVIEWS_TOPIC, reviewRatingFieldsV1 } from '../../contracts/review-messages.ts';
import { eventRatingKey } from '../../domain/rating.ts';
import { EVENT_RATINGS_INDEX, type ReviewRatingDocument } from './event-ratings-index.ts';

export const EVENT_RATINGS_PROJECTOR = 'event-ratings';

export function createEventRatingsProjector(deps: { search: SearchIndex; logger: ModuleDeps['logger'] }): Projector {
  /** The document this message describes, or null when it is not one this read model keeps. */
  function documentFor(message: Delivered): ReviewRatingDocument | null {
    const state = REVIEW_STATE_AFTER[message.type as keyof typeof REVIEW_STATE_AFTER];
    if (!state) {
      deps.logger.warn({ type: message.type, id: message.key }, 'event ratings: unknown review message type ignored');
      return null;
    }
    const parsed = reviewRatingFieldsV1.safeParse(message.data);
    if (!parsed.success) {
      // Another module's contract broke. Stopping here would hold every later rating back, so the message is
      // skipped loudly; a fixed producer plus `npm run reindex` restores the numbers.
      deps.logger.error(
        { type: message.type, id: message.key, issues: parsed.error.issues },
        'event ratings: malformed review message skipped',
      );
      return null;
    }
    if (parsed.data.event_id === null) return null;
    const eventId = String(parsed.data.event_id);
    return {
      id: message.key,
      event_id: eventId,
      rating: parsed.data.rating,
      state,
      event_rating: eventRatingKey(eventId, parsed.data.rating),
      aggregate_version: message.aggregate_version,
    };
  }

  return createLatestVersionProjector({
    name: EVENT_RATINGS_PROJECTOR,
    topic: REVIEWS_TOPIC,
    index: EVENT_RATINGS_INDEX,
    search: deps.search,
    documentFor,
  });
}
