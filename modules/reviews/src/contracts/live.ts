/**
 * The reviews' live push: the moderation queue's count, sent to the `/admin` namespace the support desk's
 * channels share. The gateway sends it under this name, the panel listens for it and the API document lists it
 * from here.
 */
import { z } from 'zod';
import { REVIEWS_LIVE_EVENTS } from './vocabulary.ts';

export const pendingCountPushSchema = z.object({
  pending: z.number().int().nonnegative().describe('Reviews waiting for moderation'),
});

export type PendingCountPayload = z.infer<typeof pendingCountPushSchema>;

/** The push as the API document names it: which namespace carries it and what it says. */
export const REVIEWS_LIVE_PUSH = {
  namespace: '/admin',
  event: REVIEWS_LIVE_EVENTS.pending,
  payload: pendingCountPushSchema,
  summary: 'the number of reviews waiting for moderation, whenever it may have changed',
} as const;
