import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BuyFlowProvider } from '../../lib/buy-flow/buy-flow-context.tsx';
import type { VisitorEvent } from '../../lib/format/event.ts';
import { sellersSummary } from '../../lib/offers/offers.ts';
import { CompareOffers } from './compare-offers.tsx';

const event: VisitorEvent = {
  id: 1,
  name: 'Jazz Night Madrid',
  source: 'ticketmaster',
  external_id: 'tm-1',
  category: 'Music & Concerts',
  currency: 'EUR',
  offer_count: 3,
  price_from_usd: 16.2,
  offers: [
    {
      id: 2,
      source: 'fever',
      external_id: 'fv-1:s1',
      seller: 'Fever',
      price_text: 'EUR 15 - 30',
      min_price: 15,
      max_price: 30,
      currency: 'EUR',
      usd_rate: 1.08,
      usd_rate_date: '2026-11-27',
      price_usd_min: 16.2,
      price_usd_max: 32.4,
      availability: null,
      affiliate_url: null,
      original_url: null,
      purchase_url: 'https://feverup.com/m/1',
    },
    {
      id: 1,
      source: 'ticketmaster',
      external_id: 'tm-1',
      seller: 'Ticketmaster',
      price_text: 'EUR 20 - 45',
      min_price: 20,
      max_price: 45,
      currency: 'EUR',
      usd_rate: 1.08,
      usd_rate_date: '2026-11-27',
      price_usd_min: 21.6,
      price_usd_max: 48.6,
      availability: null,
      affiliate_url: null,
      original_url: null,
      purchase_url: 'https://www.ticketmaster.com/event/tm-1',
    },
    {
      id: 3,
      source: 'citylisting',
      external_id: 'cl-1',
      seller: 'City Hall Box Office',
      price_text: 'At the door',
      min_price: null,
      max_price: null,
      currency: 'USD',
      usd_rate: 1,
      usd_rate_date: null,
      price_usd_min: null,
      price_usd_max: null,
      availability: null,
      purchase_url: 'https://citylisting.example/1',
      affiliate_url: null,
      original_url: null,
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Compare offers (issue 16)', () => {
  it('given two sellers, then both are listed cheapest first with their prices', () => {
    render(<CompareOffers event={event} />);
    const rows = within(screen.getByRole('region', { name: 'Compare offers' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Fever$16 - $32 (EUR 15 - 30) CheapestBuy',
      'Ticketmaster$22 - $49 (EUR 20 - 45)Buy',
      'City Hall Box OfficeAt the doorBuy',
    ]);
    expect(sellersSummary(event)).toBe('from $16 · 3 sellers');
    expect(sellersSummary({ ...event, currency: 'USD', price_from_usd: 39.5 })).toBe('from $39.50 · 3 sellers');
  });

  it("given a click on a seller's Buy, then that seller's tracking link is asked for and opened", async () => {
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const resolveTrackingLink = vi.fn(async () => 'https://feverup.com/m/1?partner=evently');
    const purchaseConversion = vi.fn();
    render(
      <BuyFlowProvider value={{ resolveTrackingLink, analytics: { purchaseConversion } }}>
        <CompareOffers event={event} />
      </BuyFlowProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Buy from Fever' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('https://feverup.com/m/1?partner=evently'));
    expect(resolveTrackingLink).toHaveBeenCalledWith('feverup/tracking-link/fv-1%3As1');
    expect(purchaseConversion).toHaveBeenCalledTimes(1);
  });

  it('given one seller, then there is nothing to compare', () => {
    const { container } = render(
      <CompareOffers event={{ ...event, offers: event.offers?.slice(0, 1), offer_count: 1 }} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
