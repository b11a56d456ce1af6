import { describe, expect, it } from 'vitest';
import { fixedClock, type FacetResult, type SearchIndex } from '@evently/platform';
import { makeFilterOptions } from './filter-options.ts';

describe('filter options', () => {
  it('given visitors arriving together on a cold cache, then one facet computation serves them all', async () => {
    let facetCalls = 0;
    const facets: FacetResult = {
      terms: { country: [{ value: 'Brazil', count: 2 }], city: [{ value: 'São Paulo', count: 2 }], category: [], country_city: [{ value: 'Brazil | São Paulo', count: 2 }] },
      stats: {},
    };
    // Only the two methods filter options use; the rest of the port is not reached.
    const search = {
      facets: async () => {
        facetCalls++;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return facets;
      },
      count: async () => 1,
    } as unknown as SearchIndex;
    const filterOptions = makeFilterOptions({ search, clock: fixedClock('2026-11-21T10:00:00.000Z') });
    const answers = await Promise.all(Array.from({ length: 16 }, () => filterOptions()));
    expect(facetCalls).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]?.citiesByCountry).toEqual({ Brazil: ['São Paulo'] });
  });
});
