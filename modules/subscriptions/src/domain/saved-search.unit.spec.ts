import { describe, expect, it } from 'vitest';
import { hasFilters, NO_FILTERS, searchKey, searchQueryString, type SavedSearch } from './saved-search.ts';

const berlin = { country: 'Germany', city: 'Berlin', radius_km: 50 };
const search = (fields: Partial<SavedSearch>): SavedSearch => ({ ...NO_FILTERS, ...fields });

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
