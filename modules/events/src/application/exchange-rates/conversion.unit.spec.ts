import { describe, expect, it } from 'vitest';
import { BUNDLED_RATES, type RateTable } from '../../domain/currency.ts';
import { toCardEvent, toPublicEvent } from '../../domain/public-view.ts';
import { makeStoredEvent } from '../../testing/make-event.ts';
import { toIndexDocument } from '../projections/events-index.ts';

const NOW = new Date('2026-11-28T00:00:00Z');
const NOVEMBER: RateTable = { date: '2026-11-26', usdPerUnit: { USD: 1, BRL: 0.18, EUR: 1.08 } };
const REFRESHED: RateTable = { date: '2026-11-27', usdPerUnit: { USD: 1, BRL: 0.2, EUR: 1.1 } };

describe('prices follow the exchange rates in effect', () => {
  const reais = makeStoredEvent({ min_price: 100, max_price: 200, currency: 'BRL' });

  it("converts the price filter's USD range and the card's rate with the same table, dated", () => {
    for (const table of [NOVEMBER, REFRESHED]) {
      const doc = toIndexDocument(reais, 1, table);
      const card = toCardEvent(doc);
      const rate = table.usdPerUnit.BRL;
      expect(doc.price_usd_min).toBe(100 * rate!);
      expect(doc.price_usd_max).toBe(200 * rate!);
      // What the card shows is what the price filter matched on.
      expect(card.usd_rate).toBe(rate);
      expect(card.usd_rate_date).toBe(table.date);
      expect(toPublicEvent(doc, NOW)).toMatchObject({ usd_rate: rate, usd_rate_date: table.date });
    }
  });

  it('answers from the index keep the rates they were projected with until the document is projected again', () => {
    const doc = toIndexDocument(reais, 1, NOVEMBER);
    expect(toPublicEvent(doc, NOW, undefined, undefined, REFRESHED)).toMatchObject({
      usd_rate: 0.18,
      usd_rate_date: '2026-11-26',
    });
  });

  it('a record read from the store converts with the table the caller holds, offers included', () => {
    // Stored with the USD prices of the table in effect when they were written (the bundled one).
    const offer = (id: string, currency: string, min: number, usd: number) => ({
      event_id: id,
      source: 'fever',
      external_id: `f-${id}`,
      seller: 'Fever',
      min_price: min,
      max_price: null,
      currency,
      formatted_price: null,
      price_usd_min: usd,
      price_usd_max: usd,
      availability: null,
      purchase_url: null,
      affiliate_url: null,
      original_url: null,
    });
    const group = makeStoredEvent({
      min_price: 100,
      max_price: 200,
      currency: 'BRL',
      offers: [offer('1', 'BRL', 100, 18), offer('2', 'EUR', 20, 21.6)],
    });
    const view = toPublicEvent(group, NOW, undefined, undefined, REFRESHED);
    expect(view.offers.map((o) => [o.currency, o.usd_rate, o.usd_rate_date, o.price_usd_min])).toEqual([
      ['BRL', 0.2, '2026-11-27', 20],
      ['EUR', 1.1, '2026-11-27', 22],
    ]);
    expect(view.price_from_usd).toBe(20);
    // The index's range over the offers uses the same table.
    expect(toIndexDocument(group, 1, REFRESHED).price_usd_min).toBe(20);
  });

  it('a currency no table knows has no rate and no date', () => {
    const doc = toIndexDocument(makeStoredEvent({ min_price: 5, max_price: null, currency: 'XYZ' }), 1, BUNDLED_RATES);
    expect(toCardEvent(doc)).toMatchObject({ usd_rate: null, usd_rate_date: null });
    expect(doc.price_usd_min).toBeNull();
  });
});
