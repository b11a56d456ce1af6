import { describe, expect, it } from 'vitest';
import { fixedClock, type FacetResult, type SearchIndex } from '@evently/platform';
import { makeFilterOptions } from './filter-options.ts';

describe('filter options', () => {
  it('given visitors arriving together on a cold cache, then one facet computation serves them all', async () => {
    let facetCalls = 0;
    const facets: FacetResult = {
      terms: {
        country: [{ value: 'Brazil', count: 2 }],
        city: [{ value: 'São Paulo', count: 2 }],
        category: [],
        country_city: [{ value: 'Brazil | São Paulo', count: 2 }],
      },
      stats: {},
    };
    // The computation stays under way until every visitor has asked: none can be served from a finished one.
    let finish!: () => void;
    const computing = new Promise<void>((resolve) => (finish = resolve));
    // Only the two methods filter options use; the rest of the port is not reached.
    const search = {
      facets: async () => {
        facetCalls++;
        await computing;
        return facets;
      },
      count: async () => 1,
    } as unknown as SearchIndex;
    const filterOptions = makeFilterOptions({ search, clock: fixedClock('2026-11-21T10:00:00.000Z') });
    const asking = Promise.all(Array.from({ length: 16 }, () => filterOptions()));
    // The fakes answer in microtasks: one turn of the event loop and every visitor has asked.
    await new Promise((resolve) => setImmediate(resolve));
    finish();
    const answers = await asking;
    expect(facetCalls).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]?.citiesByCountry).toEqual({ Brazil: ['São Paulo'] });
  });
});
