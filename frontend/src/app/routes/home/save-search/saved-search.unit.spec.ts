import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, type FilterState } from '../../../../features/filters/filter-state.ts';
import { canSaveSearch, describeSavedSearch, hasPlace, savedSearchFields } from './saved-search.ts';

const search = (fields: Partial<FilterState>): FilterState => ({ ...DEFAULT_FILTERS, ...fields });

describe('the home search as a saved search', () => {
  it('names it in words as the digest does', () => {
    expect(
      describeSavedSearch(
        savedSearchFields(search({ keyword: 'jazz', max_price: '50', country: 'Germany', city: 'Berlin' })),
      ),
    ).toBe('Jazz under $50 near Berlin');
    expect(
      describeSavedSearch(
        savedSearchFields(
          search({ category: 'Technology', date_filter: 'this_week', country: 'Portugal', city: 'Lisbon' }),
        ),
      ),
    ).toBe('Technology events this week near Lisbon');
    expect(
      describeSavedSearch(
        savedSearchFields(search({ keyword: 'opera', latitude: 52.52437, longitude: 13.41053, nearby_radius_km: 10 })),
      ),
    ).toBe('Opera within 10 km of you');
    expect(describeSavedSearch(savedSearchFields(search({ min_price: '20', max_price: '80.5' })))).toBe(
      'Events $20-$80.50',
    );
  });

  it('sends only what is set, a centre to about 100 m, and no custom dates', () => {
    expect(
      savedSearchFields(
        search({
          keyword: ' jazz ',
          max_price: '50',
          country: 'Germany',
          city: 'Berlin',
          date_filter: 'custom',
          start_date: '2026-12-01',
        }),
      ),
    ).toEqual({
      keyword: 'jazz',
      max_price: 50,
      country: 'Germany',
      city: 'Berlin',
    });
    expect(savedSearchFields(search({ latitude: 52.52437, longitude: 13.41053, nearby_radius_km: 10 }))).toEqual({
      latitude: 52.524,
      longitude: 13.411,
      radius_km: 10,
    });
  });

  it('offers saving only with a keyword or a filter, and asks for a place when the search has none', () => {
    expect(canSaveSearch(DEFAULT_FILTERS)).toBe(false);
    expect(canSaveSearch(search({ country: 'Germany', city: 'Berlin' }))).toBe(false);
    expect(canSaveSearch(search({ keyword: 'jazz' }))).toBe(true);
    expect(canSaveSearch(search({ max_price: '0' }))).toBe(true);
    expect(hasPlace(savedSearchFields(search({ keyword: 'jazz' })))).toBe(false);
    expect(hasPlace(savedSearchFields(search({ keyword: 'jazz', country: 'Germany', city: 'Berlin' })))).toBe(true);
  });
});
