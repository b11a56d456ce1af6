import { describe, expect, it, vi } from 'vitest';
import type { VisitorEvent } from '../format/event.ts';
import { affiliateUrlFrom, fetchTrackingLink } from './browser-adapters.ts';
import { buyTickets, type BuyDependencies } from './buy-tickets.ts';
import { trackedLinkKind, trackingLinkPath } from './ticket-link-kind.ts';

function makeEvent(overrides: Partial<VisitorEvent> = {}): VisitorEvent {
  return {
    id: 12,
    name: 'Concert',
    source: 'ticketmaster',
    external_id: 'TM-9',
    category: 'Music & Concerts',
    affiliate_url: 'https://aff.example/stored',
    purchase_url: 'https://seller.example/buy',
    original_url: 'https://seller.example/original',
    ...overrides,
  };
}

function harness(resolve: BuyDependencies['resolveTrackingLink']) {
  const tab = { navigate: vi.fn(), close: vi.fn() };
  const analytics = { affiliateClick: vi.fn(), purchaseConversion: vi.fn() };
  const deps: BuyDependencies = {
    resolveTrackingLink: vi.fn(resolve),
    openPendingTab: vi.fn(() => tab),
    analytics,
    logWarning: vi.fn(),
  };
  return { tab, analytics, deps };
}

const failing = async (): Promise<string | undefined> => Promise.reject(new Error('503'));

describe('which endpoint a Buy Tickets click goes through', () => {
  it('maps ticketmaster, fever and Gift Cards; everything else is direct', () => {
    expect(trackedLinkKind({ source: 'ticketmaster' })).toBe('ticketmaster');
    expect(trackedLinkKind({ source: 'Fever' })).toBe('fever');
    expect(trackedLinkKind({ source: 'demo', category: 'Gift Cards' })).toBe('gift-card');
    expect(trackedLinkKind({ source: 'eventbrite', category: 'Other' })).toBeUndefined();
  });

  it('builds the spec paths, seller ids preferred for the seller endpoints', () => {
    expect(trackingLinkPath('ticketmaster', { id: 1, external_id: 'A B' })).toBe('ticketmaster/tracking-link/A%20B');
    expect(trackingLinkPath('fever', { id: 1, external_id: '' })).toBe('feverup/tracking-link/1');
    expect(trackingLinkPath('gift-card', { id: 5, external_id: 'x' })).toBe('affiliate/redirect/5');
  });
});

describe('buy flow (spec 01 §7)', () => {
  it('records the click, calls the tracking link and opens its affiliate_url', async () => {
    const { tab, analytics, deps } = harness(async () => 'https://aff.example/tracked');
    const event = makeEvent();
    const outcome = await buyTickets(event, deps);
    expect(deps.resolveTrackingLink).toHaveBeenCalledWith('ticketmaster/tracking-link/TM-9');
    expect(analytics.affiliateClick).toHaveBeenCalledWith(event, 'ticketmaster');
    expect(tab.navigate).toHaveBeenCalledWith('https://aff.example/tracked');
    expect(analytics.purchaseConversion).toHaveBeenCalledWith(event, 'https://aff.example/tracked');
    expect(outcome).toEqual({ status: 'opened', url: 'https://aff.example/tracked', via: 'tracking-link' });
  });

  it('opens the tab before awaiting the call, so popup blockers allow it', async () => {
    let openedBeforeCall = false;
    const { deps } = harness(async () => 'https://aff.example/x');
    deps.openPendingTab = vi.fn(() => ({ navigate: vi.fn(), close: vi.fn() }));
    deps.resolveTrackingLink = vi.fn(async () => {
      openedBeforeCall = vi.mocked(deps.openPendingTab).mock.calls.length === 1;
      return 'https://aff.example/x';
    });
    await buyTickets(makeEvent(), deps);
    expect(openedBeforeCall).toBe(true);
  });

  it('uses purchase_url when the answer has no affiliate_url', async () => {
    const { tab, deps } = harness(async () => undefined);
    await buyTickets(makeEvent({ source: 'fever' }), deps);
    expect(tab.navigate).toHaveBeenCalledWith('https://seller.example/buy');
  });

  it('falls back to the stored affiliate_url when the call fails, and logs', async () => {
    const { tab, deps } = harness(failing);
    const outcome = await buyTickets(makeEvent(), deps);
    expect(tab.navigate).toHaveBeenCalledWith('https://aff.example/stored');
    expect(outcome).toMatchObject({ via: 'fallback' });
    expect(deps.logWarning).toHaveBeenCalled();
  });

  it('then to purchase_url, then to original_url', async () => {
    const first = harness(failing);
    await buyTickets(makeEvent({ affiliate_url: null }), first.deps);
    expect(first.tab.navigate).toHaveBeenCalledWith('https://seller.example/buy');

    const second = harness(failing);
    await buyTickets(makeEvent({ affiliate_url: '', purchase_url: null }), second.deps);
    expect(second.tab.navigate).toHaveBeenCalledWith('https://seller.example/original');
  });

  it('closes the tab when no link exists at all', async () => {
    const { tab, analytics, deps } = harness(failing);
    const outcome = await buyTickets(makeEvent({ affiliate_url: null, purchase_url: null, original_url: null }), deps);
    expect(outcome).toEqual({ status: 'no-link' });
    expect(tab.close).toHaveBeenCalled();
    expect(analytics.purchaseConversion).not.toHaveBeenCalled();
  });

  it('calls the affiliate redirect for Gift Cards', async () => {
    const { tab, deps } = harness(async () => 'https://gift.example/card');
    await buyTickets(makeEvent({ source: 'demo', category: 'Gift Cards' }), deps);
    expect(deps.resolveTrackingLink).toHaveBeenCalledWith('affiliate/redirect/12');
    expect(tab.navigate).toHaveBeenCalledWith('https://gift.example/card');
  });

  it('opens purchase_url directly for other sources, with a conversion and no tracking call', async () => {
    const { tab, analytics, deps } = harness(async () => 'https://never.example');
    const event = makeEvent({ source: 'demo' });
    const outcome = await buyTickets(event, deps);
    expect(deps.resolveTrackingLink).not.toHaveBeenCalled();
    expect(analytics.affiliateClick).not.toHaveBeenCalled();
    expect(tab.navigate).toHaveBeenCalledWith('https://seller.example/buy');
    expect(analytics.purchaseConversion).toHaveBeenCalledWith(event, 'https://seller.example/buy');
    expect(outcome).toMatchObject({ via: 'direct' });
  });
});

describe('tracking-link answer reading', () => {
  const respond = (status: number, body: string) => async () => new Response(status === 204 ? null : body, { status });

  it('reads affiliate_url from JSON, calling the path under /api', async () => {
    const fetchImpl = vi.fn(respond(200, '{"affiliate_url":"https://a.example"}'));
    expect(await fetchTrackingLink('feverup/tracking-link/F1', fetchImpl)).toBe('https://a.example');
    expect(fetchImpl).toHaveBeenCalledWith('/api/feverup/tracking-link/F1', expect.anything());
  });

  it('treats 204, empty and non-JSON answers as empty', async () => {
    expect(await fetchTrackingLink('/x', respond(204, ''))).toBeUndefined();
    expect(await fetchTrackingLink('/x', respond(200, ''))).toBeUndefined();
    expect(await fetchTrackingLink('/x', respond(200, '<html>'))).toBeUndefined();
    expect(affiliateUrlFrom('{"affiliate_url": 5}')).toBeUndefined();
  });

  it('rejects on an error status so the caller falls back', async () => {
    await expect(fetchTrackingLink('/x', respond(404, '{"error":"Event not found"}'))).rejects.toThrow('404');
  });
});
