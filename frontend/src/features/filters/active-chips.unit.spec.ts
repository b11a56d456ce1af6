import { describe, expect, it } from 'vitest';
import { activeChips, clearAllFilters, removeChip } from './active-chips.ts';
import { DEFAULT_FILTERS, type FilterState } from './filter-state.ts';

const filters = (overrides: Partial<FilterState> = {}): FilterState => ({ ...DEFAULT_FILTERS, ...overrides });

describe('active filter chips', () => {
  it('shows no chip for the defaults', () => {
    expect(activeChips(filters())).toEqual([]);
  });

  it('shows one chip per applied filter and one for both prices', () => {
    const chips = activeChips(
      filters({ keyword: 'jazz', country: 'Spain', city: 'Madrid', min_price: '10', max_price: '50' }),
    );
    expect(chips.map((chip) => chip.key)).toEqual(['keyword', 'country', 'city', 'price']);
    expect(chips.at(-1)?.label).toBe('Price: $10 - $50');
  });

  it('ignores an invalid price', () => {
    expect(activeChips(filters({ min_price: 'abc' }))).toEqual([]);
  });

  it('resets both prices when the price chip is removed', () => {
    const next = removeChip(filters({ min_price: '10', max_price: '50' }), 'price');
    expect(next.min_price).toBe('');
    expect(next.max_price).toBe('');
  });

  it('resets the city together with the country', () => {
    const next = removeChip(filters({ country: 'Spain', city: 'Madrid' }), 'country');
    expect(next).toMatchObject({ country: 'all', city: 'all' });
  });

  it('clears the date choice and custom dates together', () => {
    const next = removeChip(filters({ date_filter: 'custom', start_date: '2026-12-01' }), 'date');
    expect(next).toMatchObject({ date_filter: 'all', start_date: '', end_date: '' });
  });

  it('restores the defaults on Clear All', () => {
    const cleared = clearAllFilters(
      filters({ keyword: 'x', category: 'Technology', sort_by: 'name', sort_order: 'desc' }),
    );
    expect(cleared).toEqual(DEFAULT_FILTERS);
    expect(activeChips(cleared)).toEqual([]);
  });
});
