/**
 * The one thing this module needs from the catalogue: does an event exist, and what to show about it. A port
 * rather than an import of the events module, so each can change alone; the composition root fills it from
 * the events module's `queries.getById` (whose public event has these fields).
 */
import type { ReviewEventEmbed } from '../domain/review.ts';

export interface ReviewEventLookup {
  /** The live catalogue event by numeric id or slug (`123` or `123-some-slug`), or null when unknown. */
  getById(idOrSlug: string): Promise<ReviewEventEmbed | null>;
}
