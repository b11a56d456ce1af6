/**
 * The buy flow's link endpoints (spec 01 §7): find the event, build its tracked outbound link, record the
 * click. `program` decides which events qualify: the ticketmaster and fever endpoints accept that source's
 * external id or our numeric id of one of its events; the generic redirect takes our id for any event.
 */
import type { DocumentReader } from '@evently/platform';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { affiliateUrl, programFor, type AffiliateSettings } from '../../../domain/affiliate-links.ts';
import { parseEventIdSegment } from '../../../domain/slug.ts';
import { eventsCollection } from '../../../infra/collections.ts';

export type OutboundProgram = 'ticketmaster' | 'fever' | 'affiliate';

export type OutboundResult = { status: 'ok'; affiliate_url: string } | { status: 'not_found' } | { status: 'no_link' };

export function makeTrackOutboundClick(deps: {
  store: DocumentReader;
  settings: AffiliateSettings;
  recordClick: (id: string, target: string) => Promise<unknown>;
}) {
  async function find(program: OutboundProgram, ref: string): Promise<StoredEvent | null> {
    const source = program === 'affiliate' ? null : program;
    if (source) {
      const byExternal = await eventsCollection.findOne(deps.store, { source, external_id: ref });
      if (byExternal) return byExternal.status === 'active' ? byExternal : null;
    }
    const id = parseEventIdSegment(ref);
    if (!id) return null;
    const event = await eventsCollection.get(deps.store, id);
    if (!event || event.status !== 'active') return null;
    return source && event.source !== source ? null : event;
  }

  return async function trackOutboundClick(program: OutboundProgram, ref: string): Promise<OutboundResult> {
    const event = await find(program, ref.trim());
    if (!event) return { status: 'not_found' };
    const url = affiliateUrl(event, programFor(event.source, deps.settings));
    if (!url) return { status: 'no_link' };
    // A linked offer's click counts for the event it is listed under: that is what ranks in search.
    await deps.recordClick(event.canonical_id ?? event.id, program);
    return { status: 'ok', affiliate_url: url };
  };
}
