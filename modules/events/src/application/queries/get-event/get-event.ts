/**
 * One event by numeric id or slug, read from the store (the source of truth, so `view_count` is current).
 * Only live events are found: cancelled and removed ones answer as unknown.
 */
import type { DocumentReader } from '@evently/platform';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { parseEventIdSegment } from '../../../domain/slug.ts';
import { eventsCollection } from '../../../infra/collections.ts';

export function makeGetStoredEvent(deps: { store: DocumentReader }) {
  return async function getStoredEvent(idOrSlug: string | number): Promise<StoredEvent | null> {
    const id = parseEventIdSegment(String(idOrSlug));
    if (!id) return null;
    const event = await eventsCollection.get(deps.store, id);
    return event && event.status === 'active' ? event : null;
  };
}
