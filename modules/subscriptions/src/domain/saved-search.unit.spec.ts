import { describe, expect, it } from 'vitest';
import {
  describeSearch,
  hasFilters,
  NO_FILTERS,
  searchKey,
  searchQueryString,
  type SavedSearch,
} from './saved-search.ts';

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
    expect(describeSearch(place, saved, 50)).toBe(words);
  });
});

describe('a saved search on the site', () => {
  it("links with the home page's parameter names and order, only what is set", () => {
    expect(searchQueryString(berlin, search({ keyword: 'jazz', max_price: 50 }))).toBe(
      '?keyword=jazz&country=Germany&city=Berlin&max_price=50',
    );
    expect(searchQueryString(berlin, search({}))).toBe('?country=Germany&city=Berlin');
  });

  it('writes a centre to about 100 m with its radius, and every filter', () => {
    const all = search({
      keyword: 'live jazz',
      category: 'Music & Concerts',
      min_price: 10,
      max_price: 49.99,
      date_preset: 'this_week',
      centre: { lat: 52.52437, lon: 13.41053 },
    });
    expect(searchQueryString({ ...berlin, radius_km: 10 }, all)).toBe(
      '?keyword=live+jazz&country=Germany&city=Berlin&category=Music+%26+Concerts&date=this_week&min_price=10&max_price=49.99&near=52.524%2C13.411&radius=10',
    );
  });

  it('knows a search with filters from a plain city digest', () => {
    expect(hasFilters(search({}))).toBe(false);
    expect(hasFilters(null)).toBe(false);
    expect(hasFilters(search({ max_price: 0 }))).toBe(true);
    expect(hasFilters(search({ centre: { lat: 1, lon: 2 } }))).toBe(true);
  });
});

describe('which searches are the same', () => {
  it('folds the case of words and places, and tells radii apart', () => {
    const a = searchKey(berlin, search({ keyword: 'Jazz' }));
    expect(searchKey({ ...berlin, city: 'BERLIN' }, search({ keyword: 'jazz' }))).toBe(a);
    expect(searchKey({ ...berlin, radius_km: 20 }, search({ keyword: 'jazz' }))).not.toBe(a);
    expect(searchKey(berlin, search({ keyword: 'jazz', max_price: 50 }))).not.toBe(a);
  });
});
