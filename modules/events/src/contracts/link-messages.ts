/**
 * Messages about offer links, on their own topic so the search projector, which needs only the
 * event snapshots on `evently.events`, never sees them. Keyed by the canonical event's id; versioned.
 * The snapshots carry the result (`canonical_id`, `offers`); these say why it changed, for audit and for
 * consumers such as run summaries or an admin view.
 */
import { z } from 'zod';

export const EVENT_LINKS_TOPIC = 'evently.events.links';

export const EVENT_LINK_MESSAGE_TYPES = {
  linked: 'EventOfferLinked',
  split: 'EventOfferSplit',
} as const;

export const eventOfferLinkedV1 = z.object({
  canonical_id: z.string().min(1),
  event_id: z.string().min(1),
  /** The matcher's title score for the record it matched (0..1). */
  title_score: z.number(),
  matched_event_id: z.string().min(1),
});

export const eventOfferSplitV1 = z.object({
  canonical_id: z.string().min(1),
  event_id: z.string().min(1),
  /** The canonical id of the rest of the group after the split (changes when the canonical record is split off). */
  remaining_canonical_id: z.string().nullable(),
  reason: z.string().min(1),
});

export type EventOfferLinkedData = z.infer<typeof eventOfferLinkedV1>;
export type EventOfferSplitData = z.infer<typeof eventOfferSplitV1>;
