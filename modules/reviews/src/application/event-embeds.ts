/**
 * Refreshes the embedded event of a page of reviews from the catalogue (names and slugs change with their
 * source), one look-up per distinct event, and falls back to the copy taken at submit when the catalogue no
 * longer has the event (ended or removed) or cannot answer: a list of reviews must not fail for that.
 */
import type { Stored } from '@evently/platform';
import type { Review, ReviewEventEmbed } from '../domain/review.ts';
import type { ReviewsContext } from './context.ts';

export async function currentEmbeds(
  ctx: Pick<ReviewsContext, 'events' | 'logger'>,
  reviews: Array<Stored<Review>>,
): Promise<Map<number, ReviewEventEmbed>> {
  const ids = [...new Set(reviews.flatMap((review) => (review.event_id === null ? [] : [review.event_id])))];
  const found = await Promise.all(
    ids.map(async (id) => {
      try {
        return await ctx.events.getById(String(id));
      } catch (error) {
        ctx.logger.warn({ err: error, event_id: id }, 'reviews: event look-up failed; the stored copy is shown');
        return null;
      }
    }),
  );
  const embeds = new Map<number, ReviewEventEmbed>();
  for (const event of found) {
    if (event)
      embeds.set(event.id, {
        id: event.id,
        slug: event.slug,
        name: event.name,
        city: event.city,
        country: event.country,
      });
  }
  return embeds;
}

export function embedFor(review: Stored<Review>, current: Map<number, ReviewEventEmbed>): ReviewEventEmbed | null {
  return (review.event_id !== null ? current.get(review.event_id) : undefined) ?? review.event;
}
