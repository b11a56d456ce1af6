/**
 * Buy Tickets (spec 01 §7). Tracked sources (ticketmaster, fever, Gift Cards): record the click, ask the
 * matching tracking-link endpoint, open its affiliate_url in a new tab and record a purchase conversion; a
 * missing affiliate_url falls back to purchase_url, a failed call to the event's affiliate_url, then
 * purchase_url, then original_url. Every other event records the conversion and opens purchase_url.
 */
import type { VisitorEvent } from '../format/event.ts';
import { trackedLinkKind, trackingLinkPath, type TrackedLinkKind } from './ticket-link-kind.ts';

/** The analytics hooks the advertising tag plugs into; every one is optional. */
export interface BuyAnalytics {
  affiliateClick?(event: VisitorEvent, kind: TrackedLinkKind): void;
  purchaseConversion?(event: VisitorEvent, url: string): void;
  /** An event page was shown (the tag's view_item); called once per event page visit. */
  viewItem?(event: VisitorEvent): void;
}

/** A tab opened synchronously inside the click, so popup blockers allow it, and pointed at the link later. */
export interface PendingTab {
  navigate(url: string): void;
  close(): void;
}

export interface BuyDependencies {
  /** Resolves the tracking-link answer's affiliate_url (undefined when absent); rejects on failure. */
  resolveTrackingLink(path: string): Promise<string | undefined>;
  openPendingTab(): PendingTab;
  analytics?: BuyAnalytics;
  logWarning?(message: string, detail: unknown): void;
}

export type BuyOutcome =
  { status: 'opened'; url: string; via: 'tracking-link' | 'fallback' | 'direct' } | { status: 'no-link' };

const usable = (url: string | null | undefined): string | undefined => url?.trim() || undefined;

export function firstUsable(...urls: (string | null | undefined)[]): string | undefined {
  for (const url of urls) {
    const candidate = usable(url);
    if (candidate) return candidate;
  }
  return undefined;
}

export async function buyTickets(event: VisitorEvent, deps: BuyDependencies): Promise<BuyOutcome> {
  const kind = trackedLinkKind(event);
  const tab = deps.openPendingTab();

  if (!kind) {
    // The spec names purchase_url; original_url keeps the button useful when a source sent only that.
    const url = firstUsable(event.purchase_url, event.original_url);
    return finish(event, tab, url, 'direct', deps);
  }

  deps.analytics?.affiliateClick?.(event, kind);
  try {
    const affiliateUrl = await deps.resolveTrackingLink(trackingLinkPath(kind, event));
    return finish(event, tab, firstUsable(affiliateUrl, event.purchase_url), 'tracking-link', deps);
  } catch (error) {
    deps.logWarning?.('tracking link failed, using the direct link', error);
    const url = firstUsable(event.affiliate_url, event.purchase_url, event.original_url);
    return finish(event, tab, url, 'fallback', deps);
  }
}

function finish(
  event: VisitorEvent,
  tab: PendingTab,
  url: string | undefined,
  via: 'tracking-link' | 'fallback' | 'direct',
  deps: BuyDependencies,
): BuyOutcome {
  if (!url) {
    tab.close();
    return { status: 'no-link' };
  }
  tab.navigate(url);
  deps.analytics?.purchaseConversion?.(event, url);
  return { status: 'opened', url, via };
}
