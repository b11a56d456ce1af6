import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../domain/saved-search.ts';
import { digestNamed, unsubscribePageTexts } from './unsubscribe-page-texts.ts';

const berlin = { country: 'Germany', city: 'Berlin', radius_km: 50 };
const jazz = { ...berlin, search: { ...NO_FILTERS, keyword: 'jazz', max_price: 50 } };

describe('unsubscribe page texts', () => {
  it('says "for this city" for a plain city digest, old rows without a search included', () => {
    expect(digestNamed({ ...berlin, search: NO_FILTERS })).toBe('for this city');
    expect(digestNamed({ ...berlin, search: undefined })).toBe('for this city');
    expect(unsubscribePageTexts('Evently', 'unsubscribed', { ...berlin, search: NO_FILTERS })).toEqual([
      'You have been unsubscribed',
      'You will no longer receive the weekly Evently digest for this city.',
    ]);
  });

  it('names a saved search in words on every page that knows the subscription', () => {
    expect(unsubscribePageTexts('Evently', 'subscribed', jazz)).toEqual([
      'Unsubscribe?',
      'Press Unsubscribe to stop the weekly Evently digest for “Jazz under $50 near Berlin”.',
    ]);
    expect(unsubscribePageTexts('Evently', 'unsubscribed', jazz)[1]).toBe(
      'You will no longer receive the weekly Evently digest for “Jazz under $50 near Berlin”.',
    );
    expect(unsubscribePageTexts('Evently', 'already_inactive', jazz)[1]).toBe(
      'The weekly Evently digest for “Jazz under $50 near Berlin” was already stopped; nothing more to do.',
    );
    const centreOnly = {
      country: '',
      city: '',
      radius_km: 10,
      search: { ...NO_FILTERS, centre: { lat: 52.52, lon: 13.405 } },
    };
    expect(digestNamed(centreOnly)).toBe('for “Events within 10 km of 52.52, 13.405”');
  });

  it('names nothing for a link it does not know', () => {
    expect(unsubscribePageTexts('Evently', 'unknown_token', null)).toEqual([
      'Link not recognised',
      'This unsubscribe link is not valid or the subscription no longer exists.',
    ]);
  });
});
