/**
 * What the realtime gateway pushes to the admin room for review messages: the number of reviews waiting for
 * moderation, read from the store when the message arrives. A count (not a delta) makes a repeated or
 * reordered push harmless: the last one received is right as of when it was read.
 */
import type { Delivered } from '@evently/platform';
import type { PendingCountPayload } from '../../contracts/live.ts';
import { REVIEWS_LIVE_EVENTS } from '../../contracts/vocabulary.ts';
import { REVIEWS_TOPIC, reviewMessageTypes } from '../../contracts/messages.ts';
import { reviewsCollection } from '../../infra/collections.ts';
import type { ReviewsContext } from '../context.ts';

export interface PendingCountPush {
  event: typeof REVIEWS_LIVE_EVENTS.pending;
  payload: PendingCountPayload;
}

export interface ReviewsLiveFeed {
  topics: string[];
  /** null = push nothing (another topic, or a message type this module does not know). */
  pushesFor(message: Delivered): Promise<PendingCountPush | null>;
}

const known = new Set<string>(Object.values(reviewMessageTypes));

export function createReviewsLiveFeed(ctx: Pick<ReviewsContext, 'store'>): ReviewsLiveFeed {
  return {
    topics: [REVIEWS_TOPIC],
    async pushesFor(message) {
      if (message.topic !== REVIEWS_TOPIC || !known.has(message.type)) return null;
      return {
        event: REVIEWS_LIVE_EVENTS.pending,
        payload: { pending: await reviewsCollection.count(ctx.store, { status: 'pending' }) },
      };
    },
  };
}
