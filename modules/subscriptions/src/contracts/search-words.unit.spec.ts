import { describe, expect, it } from 'vitest';
import { describeSearch, NO_FILTERS, type SavedSearch } from './search-words.ts';

const berlin = { country: 'Germany', city: 'Berlin', radius_km: 50 };
const search = (fields: Partial<SavedSearch>): SavedSearch => ({ ...NO_FILTERS, ...fields });

describe('a saved search in words', () => {
  it.each([
    [search({ keyword: 'jazz', max_price: 50 }), berlin, 'Jazz under $50 near Berlin'],
    [search({}), berlin, 'Events near Berlin'],
    [search({ category: 'Technology', date_preset: 'this_week' }), berlin, 'Technology events this week near Berlin'],
    [search({ keyword: 'rock', category: 'Music & Concerts' }), berlin, 'Rock in Music & Concerts near Berlin'],
    [search({ min_price: 20, max_price: 80.5 }), berlin, 'Events $20-$80.50 near Berlin'],
    [search({ min_price: 15 }), berlin, 'Events from $15 near Berlin'],
    [search({ max_price: 0, date_preset: 'tomorrow' }), berlin, 'Events free tomorrow near Berlin'],
    [search({ keyword: 'opera' }), { ...berlin, radius_km: 10 }, 'Opera within 10 km of Berlin'],
    [
      search({ keyword: 'jazz', centre: { lat: 52.5321, lon: 13.4049 } }),
      { country: '', city: '', radius_km: 5 },
      'Jazz within 5 km of 52.532, 13.405',
    ],
    [
      search({ keyword: 'jazz', centre: { lat: 52.5321, lon: 13.4049 } }),
      { ...berlin, radius_km: 5 },
      'Jazz within 5 km of Berlin',
    ],
  ])('%j in %j reads "%s"', (saved, place, words) => {
    expect(describeSearch(place, saved)).toBe(words);
  });
});

describe('a centre without a city', () => {
  it('is named by its coordinates, or by the name the reader knows it by', () => {
    const nearby = search({ keyword: 'opera', centre: { lat: 52.52437, lon: 13.41053 } });
    const place = { country: '', city: '', radius_km: 10 };
    expect(describeSearch(place, nearby)).toBe('Opera within 10 km of 52.524, 13.411');
    expect(describeSearch(place, nearby, 'you')).toBe('Opera within 10 km of you');
    expect(describeSearch({ ...place, city: 'Berlin' }, nearby, 'you')).toBe('Opera within 10 km of Berlin');
  });
});
