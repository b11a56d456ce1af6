/**
 * What an event page needs from this module, read once: the event as the API answers it, with the visitor's
 * view counted as `GET /api/events/{id}` counts it, or where a linked record's page moved to. The server reads
 * it for the page's head and hands the same answer to the server-rendered first paint, which used to read the
 * event a second time through the API.
 */
import type { DocumentReader } from '@evently/platform';
import { isbot } from 'isbot';
import type { PublicEvent } from '../../../contracts/public-event.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { parseEventIdSegment } from '../../../domain/slug.ts';
import { eventsCollection } from '../../../infra/collections.ts';

export type EventPageRead = { moved: { id: string; slug: string } } | { event: PublicEvent } | null;

export interface EventPageVisitor {
  /** Count a view (a page that will be shown); crawlers and link previews never count one. */
  countView: boolean;
  userAgent?: string;
}

export interface ReadEventPageDeps {
  store: DocumentReader;
  canonicalRedirect(idOrSlug: string): Promise<{ id: string; slug: string } | null>;
  toPublic(event: StoredEvent): Promise<PublicEvent>;
  recordView(id: string): Promise<{ view_count: number } | null>;
}

export function makeReadEventPage(deps: ReadEventPageDeps) {
  return async function readEventPage(idOrSlug: string, visitor: EventPageVisitor): Promise<EventPageRead> {
    const id = parseEventIdSegment(idOrSlug);
    if (!id) return null;
    const stored = await eventsCollection.get(deps.store, id);
    if (stored?.canonical_id) {
      const moved = await deps.canonicalRedirect(idOrSlug);
      if (moved) return { moved };
    }
    if (!stored || stored.status !== 'active') return null;
    const totals = visitor.countView && !isbot(visitor.userAgent ?? '') ? await deps.recordView(stored.id) : null;
    const event = await deps.toPublic(stored);
    // The answer counts the view it just recorded, as the API's does.
    if (totals) event.view_count = totals.view_count;
    return { event };
  };
}
