import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../contracts/stored-event.ts';
import { makeStoredEvent } from '../testing/make-event.ts';
import { mergeFields } from './offers/merge-fields.ts';
import { toOffer } from './offers/offer.ts';
import { withCanonicalFields } from './offers/canonical-view.ts';
import { CARD_SOURCE_FIELDS, toCardEvent, toMapBasic, toPublicEvent, type CardSource } from './public-view.ts';

const now = new Date('2026-11-21T00:00:00Z');

describe('public event view', () => {
  it('given a stored event, then the answer has the spec fields with tags comma separated', () => {
    const view = toPublicEvent(makeStoredEvent({ original_url: 'https://o.example.com/1' }), now, 1.23456);
    expect(view).toMatchObject({
      id: 1,
      date: '2026-12-05T19:00:00.000Z',
      tags: 'jazz, live',
      price_text: 'EUR 20 - 45',
      currency: 'EUR',
      external_url: 'https://o.example.com/1',
      distance_km: 1.235,
    });
  });

  it("given tags naming a seller or a source, then they are left out (a feed's own name is no tag)", () => {
    const dear = makeStoredEvent({ id: '1', tags: ['jazz', 'Ticketmaster'] });
    const cheap = makeStoredEvent({
      id: '2',
      source: 'fever',
      external_id: 'fv-1',
      tags: ['Fever', 'live', 'candlelight'],
    });
    const merged = { ...dear, offers: [toOffer(dear), toOffer(cheap)], merged: mergeFields([dear, cheap]) };
    expect(toPublicEvent(merged, now).tags).toBe('jazz, live, candlelight');
    expect(toPublicEvent(makeStoredEvent({ source: 'fever', tags: [' fever ', 'music'] }), now).tags).toBe('music');
  });

  it("given a seller's currency, then the answer carries the rate the price filter converts with, or null when unknown", () => {
    const view = toPublicEvent(makeStoredEvent({ currency: 'EUR' }), now);
    expect(view.usd_rate).toBe(1.08);
    expect(view.offers[0]?.usd_rate).toBe(1.08);
    expect(toPublicEvent(makeStoredEvent({ currency: 'XYZ' }), now).usd_rate).toBeNull();
    expect(toPublicEvent(makeStoredEvent({ currency: '' }), now).usd_rate).toBe(1);
  });

  it('given contacts in free text, then they are removed from the answer', () => {
    const view = toPublicEvent(
      makeStoredEvent({ description: 'Mail boss@club.example or call +34 612 345 678.', organizer: 'Ann (ann@x.io)' }),
      now,
    );
    expect(view.description).toBe('Mail [contact removed] or call [contact removed].');
    expect(view.organizer).toBe('Ann ([contact removed])');
    expect(JSON.stringify(view)).not.toMatch(/@/);
    expect(
      toPublicEvent(makeStoredEvent({ price_note: 'Box office (020) 7946 0958, 10:00-18:00 (Mon-Fri)' }), now)
        .price_note,
    ).toBe('Box office [contact removed], 10:00-18:00 (Mon-Fri)');
  });

  it("given the venue's zone, then the answer carries it so visitors read venue-local times (issue 17)", () => {
    expect(toPublicEvent(makeStoredEvent({ timezone: 'Asia/Kolkata' }), now).timezone).toBe('Asia/Kolkata');
    expect(toPublicEvent(makeStoredEvent({ timezone: 'Not/AZone' }), now).timezone).toBeNull();
    expect(toPublicEvent(makeStoredEvent({ timezone: null }), now).timezone).toBeNull();
  });

  it('given map_basic, then only the light fields are present', () => {
    expect(Object.keys(toMapBasic(makeStoredEvent())).sort()).toEqual([
      'category',
      'date',
      'id',
      'latitude',
      'longitude',
      'name',
    ]);
  });

  describe('card view (fields=card, decision 024)', () => {
    // What the index answers for fields=card: the card's stored fields of the indexed (canonical) document.
    const indexedCardSource = (stored: StoredEvent): CardSource => {
      const indexed = withCanonicalFields(stored) as unknown as Record<string, unknown>;
      return Object.fromEntries(
        ['id', ...CARD_SOURCE_FIELDS].filter((field) => field in indexed).map((field) => [field, indexed[field]]),
      ) as CardSource;
    };
    const group = (() => {
      const dear = makeStoredEvent({
        id: '1',
        min_price: 20,
        max_price: 45,
        organizer: 'Blue Hall (boss@club.example)',
      });
      const cheap = makeStoredEvent({
        id: '2',
        source: 'fever',
        external_id: 'fv-1',
        min_price: 15,
        max_price: 30,
        description: 'Longer text.',
      });
      return { ...dear, offers: [toOffer(dear), toOffer(cheap)], merged: mergeFields([dear, cheap]) };
    })();
    const examples: Array<[string, StoredEvent]> = [
      [
        'a plain event',
        makeStoredEvent({ original_url: 'https://o.example.com/1', image_url: 'https://img.example.com/1.jpg' }),
      ],
      [
        'contacts, a bad zone and no prices',
        makeStoredEvent({
          description: 'Call +34 612 345 678.',
          price_note: 'boss@club.example',
          timezone: 'Not/AZone',
          min_price: null,
          max_price: null,
          currency: '',
        }),
      ],
      ['a canonical event of two sellers', group],
    ];

    it.each(examples)('given %s, then the card is the public event restricted to the card fields', (_label, stored) => {
      const card = toCardEvent(indexedCardSource(stored), 2.34567);
      const full = toPublicEvent(stored, now, 2.34567) as unknown as Record<string, unknown>;
      expect(card).toEqual(Object.fromEntries(Object.keys(card).map((field) => [field, full[field]])));
    });

    it('given a canonical event of two sellers, then the card counts both and quotes the cheaper', () => {
      expect(toCardEvent(indexedCardSource(group))).toMatchObject({
        offer_count: 2,
        price_from_usd: expect.closeTo(16.2, 1),
      });
    });

    it('given no distance, then the card has exactly the fields cards read, without the heavy ones', () => {
      expect(Object.keys(toCardEvent(indexedCardSource(makeStoredEvent()))).sort()).toEqual(
        [
          'affiliate_url',
          'category',
          'city',
          'country',
          'currency',
          'date',
          'description',
          'external_id',
          'formatted_price',
          'id',
          'image_url',
          'latitude',
          'longitude',
          'max_price',
          'min_price',
          'name',
          'offer_count',
          'original_url',
          'price_from_usd',
          'price_note',
          'purchase_url',
          'source',
          'timezone',
          'unique_description',
          'unique_title',
          'usd_rate',
          'usd_rate_date',
          'venue_name',
        ].sort(),
      );
    });
  });
});
