/** Which tracking-link endpoint an event's Buy Tickets goes through (spec 01 §7). */
import { GIFT_CARDS_CATEGORY } from '../categories.ts';
import type { VisitorEvent } from '../format/event.ts';

export type TrackedLinkKind = 'ticketmaster' | 'fever' | 'gift-card';

export function trackedLinkKind(event: Pick<VisitorEvent, 'source' | 'category'>): TrackedLinkKind | undefined {
  const source = event.source?.trim().toLowerCase();
  if (source === 'ticketmaster') return 'ticketmaster';
  if (source === 'fever' || source === 'feverup') return 'fever';
  if (event.category === GIFT_CARDS_CATEGORY) return 'gift-card';
  return undefined;
}

/**
 * The tracking-link endpoint relative to `/api` (so it fits both plain fetch and the app's RTK base query).
 * The seller endpoints take the source's own id when we have it; the affiliate redirect takes ours.
 */
export function trackingLinkPath(kind: TrackedLinkKind, event: Pick<VisitorEvent, 'id' | 'external_id'>): string {
  const sellerKey = encodeURIComponent(String(event.external_id?.trim() || event.id));
  switch (kind) {
    case 'ticketmaster':
      return `ticketmaster/tracking-link/${sellerKey}`;
    case 'fever':
      return `feverup/tracking-link/${sellerKey}`;
    case 'gift-card':
      return `affiliate/redirect/${encodeURIComponent(String(event.id))}`;
  }
}
