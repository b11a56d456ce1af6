/**
 * Keeps the `event_ratings` index from the reviews module's messages (`evently.reviews`): per review of a
 * catalogue event, its event, stars and state after the newest message seen. Idempotent and order-tolerant
 * like the events projector: a message is applied only when its aggregate_version is newer than the
 * document's, so redeliveries and a replay from offset zero end in the same documents, hence the same
 * counts and means. Reviews of free-text events concern no catalogue event and are skipped.
 *
 * This projector owns its own index, so rebuilding the `events` index (which replays `evently.events` only)
 * never touches ratings, and rebuilding this one never touches events. During its own rebuild it folds the
 * replay in memory (a rebuild copy cannot be read back) and writes the copy when the replay has caught up.
 */
import type { Delivered, IndexRebuild, ModuleDeps, Projector, SearchIndex } from '@evently/platform';
import { REVIEW_STATE_AFTER, REVIEWS_TOPIC, reviewRatingFieldsV1 } from '../../contracts/review-messages.ts';
import { eventRatingKey } from '../../domain/rating.ts';
import { EVENT_RATINGS_INDEX, type ReviewRatingDocument } from './event-ratings-index.ts';

const REBUILD_CHUNK = 2000;

type Slot = { doc: ReviewRatingDocument | null; dirty: boolean };

export const EVENT_RATINGS_PROJECTOR = 'event-ratings';

export function createEventRatingsProjector(deps: { search: SearchIndex; logger: ModuleDeps['logger'] }): Projector {
  let rebuild: { writer: IndexRebuild; docs: Map<string, ReviewRatingDocument> } | null = null;

  async function current(id: string): Promise<ReviewRatingDocument | null> {
    if (rebuild) return rebuild.docs.get(id) ?? null;
    return (await deps.search.get(EVENT_RATINGS_INDEX, id)) as ReviewRatingDocument | null;
  }

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
      deps.logger.error({ type: message.type, id: message.key, issues: parsed.error.issues }, 'event ratings: malformed review message skipped');
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

  return {
    name: EVENT_RATINGS_PROJECTOR,
    topics: [REVIEWS_TOPIC],
    searchIndexes: [EVENT_RATINGS_INDEX],
    async apply(batch) {
      const slots = new Map<string, Slot>();
      for (const message of batch) {
        if (message.topic !== REVIEWS_TOPIC) continue;
        const next = documentFor(message);
        if (!next) continue;
        let slot = slots.get(message.key);
        if (!slot) {
          slot = { doc: await current(message.key), dirty: false };
          slots.set(message.key, slot);
        }
        if (next.aggregate_version <= (slot.doc?.aggregate_version ?? 0)) continue;
        slot.doc = next;
        slot.dirty = true;
      }
      const upserts = [...slots.values()].flatMap((slot) => (slot.dirty && slot.doc ? [slot.doc] : []));
      if (upserts.length === 0) return;
      if (rebuild) {
        for (const doc of upserts) rebuild.docs.set(doc.id, doc);
        return;
      }
      await deps.search.upsert(EVENT_RATINGS_INDEX, upserts);
    },
    async beginRebuild() {
      rebuild = { writer: await deps.search.beginRebuild(EVENT_RATINGS_INDEX), docs: new Map() };
    },
    async finishRebuild() {
      if (!rebuild) return;
      const docs = [...rebuild.docs.values()];
      for (let i = 0; i < docs.length; i += REBUILD_CHUNK) await rebuild.writer.upsert(docs.slice(i, i + REBUILD_CHUNK));
      await rebuild.writer.commit();
      rebuild = null;
    },
  };
}
