/**
 * Where an id of a linked record leads: records linked into a canonical event redirect to it, so
 * old links and shared URLs keep working. Follows a short chain (a canonical record that was itself handed
 * over) and answers the canonical event's id and slug, or null when the id is not a linked record.
 */
import type { DocumentReader } from '@evently/platform';
import { parseEventIdSegment } from '../../../domain/slug.ts';
import { eventsCollection } from '../../../infra/collections.ts';

const MAX_HOPS = 5;

export function makeCanonicalRedirect(deps: { store: DocumentReader }) {
  return async function canonicalRedirect(idOrSlug: string): Promise<{ id: string; slug: string } | null> {
    const id = parseEventIdSegment(idOrSlug);
    if (!id) return null;
    let event = await eventsCollection.get(deps.store, id);
    if (!event?.canonical_id) return null;
    for (let hop = 0; hop < MAX_HOPS && event?.canonical_id; hop++) {
      event = await eventsCollection.get(deps.store, event.canonical_id);
    }
    return event && event.status === 'active' && !event.canonical_id ? { id: event.id, slug: event.slug } : null;
  };
}
