/**
 * Every live event that has not started yet, for the sitemap: id, slug and last change only, read in pages
 * by keyset (start, then id) so a catalogue of a million events streams in constant memory and a deep page
 * costs no more than the first.
 */
import type { Clock, DocumentReader, Where } from '@evently/platform';
import { eventsCollection } from '../../../infra/collections.ts';

export interface UpcomingEventRef {
  id: string;
  slug: string;
  start_utc: string;
  updated_at: string;
}

export const UPCOMING_PAGE = 2000;

export function makeUpcomingEvents(deps: { store: DocumentReader; clock: Clock }) {
  return async function* upcomingEvents(pageSize = UPCOMING_PAGE): AsyncGenerator<UpcomingEventRef[]> {
    const now = deps.clock.now().toISOString();
    let after: { start: string; id: string } | null = null;
    for (;;) {
      const where: Where = { status: 'active', start_utc: { gte: now } };
      if (after) where.or = [{ start_utc: { gt: after.start } }, { start_utc: after.start, id: { gt: after.id } }];
      const page = await eventsCollection.find(deps.store, {
        where,
        sort: [{ field: 'start_utc', direction: 'asc' }],
        limit: pageSize,
      });
      if (page.length > 0)
        yield page.map((event) => ({
          id: event.id,
          slug: event.slug,
          start_utc: event.start_utc,
          updated_at: event.updated_at,
        }));
      const last = page.at(-1);
      if (!last || page.length < pageSize) return;
      after = { start: last.start_utc, id: last.id };
    }
  };
}
