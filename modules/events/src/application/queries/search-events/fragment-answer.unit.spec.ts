import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { makeStoredEvent } from '../../../testing/make-event.ts';
import { mergeFields } from '../../../domain/offers/merge-fields.ts';
import { toOffer } from '../../../domain/offers/offer.ts';
import { toCardEvent, toMapBasic } from '../../../domain/public-view.ts';
import { toIndexDocument } from '../../projections/events-index.ts';
import { CARD_FRAGMENT, PIN_FRAGMENT, withAnswerFragments } from '../../projections/answer-fragments.ts';
import { cardText, listAnswerText, pinText } from './fragment-answer.ts';

const group = (() => {
  const dear = makeStoredEvent({ id: '1', min_price: 20, max_price: 45, organizer: 'Blue Hall (boss@club.example)' });
  const cheap = makeStoredEvent({ id: '2', source: 'fever', external_id: 'fv-1', min_price: 15, max_price: 30 });
  return { ...dear, offers: [toOffer(dear), toOffer(cheap)], merged: mergeFields([dear, cheap]) };
})();
const examples: Array<[string, StoredEvent]> = [
  ['a plain event', makeStoredEvent({ name: 'Say "hi", offer_count":3}', description: 'Call +34 612 345 678.' })],
  ['a canonical event of two sellers', group],
];
/** The stored fragment of an event, as the projector writes it. */
const fragmentOf = (stored: StoredEvent, name: string): string =>
  JSON.stringify(withAnswerFragments(toIndexDocument(stored, 1))[name]);

describe('list answers spliced from stored fragments', () => {
  it.each(examples)('given %s and a distance, then the card is the text of the mapped card', (_label, stored) => {
    const indexed = toIndexDocument(stored, 1);
    for (const distanceKm of [undefined, 0, 2.34567, 12345.6789]) {
      expect(cardText({ id: stored.id, fragment: fragmentOf(stored, CARD_FRAGMENT), distanceKm })).toBe(
        JSON.stringify(toCardEvent(indexed, distanceKm)),
      );
    }
  });

  it.each(examples)(
    'given %s and a distance, then the pin is the text of the mapped pin (the distance before the offer count)',
    (_label, stored) => {
      const indexed = toIndexDocument(stored, 1);
      for (const distanceKm of [undefined, 0, 2.34567]) {
        expect(pinText({ id: stored.id, fragment: fragmentOf(stored, PIN_FRAGMENT), distanceKm })).toBe(
          JSON.stringify(toMapBasic(indexed, distanceKm)),
        );
      }
    },
  );

  it('given items and a pagination, then the answer is the text of the same answer as objects', () => {
    const items = examples.map(([, stored]) => toCardEvent(toIndexDocument(stored, 1)));
    const pagination = { total: 2, pages: 1, page: 1, has_next: false, next_cursor: null };
    expect(
      listAnswerText(
        items.map((item) => JSON.stringify(item)),
        pagination,
      ),
    ).toBe(JSON.stringify({ data: items, pagination }));
    expect(listAnswerText([], pagination)).toBe(JSON.stringify({ data: [], pagination }));
    const [first] = items;
    expect(listAnswerText([JSON.stringify(first)], pagination)).toBe(JSON.stringify({ data: [first], pagination }));
  });
});
