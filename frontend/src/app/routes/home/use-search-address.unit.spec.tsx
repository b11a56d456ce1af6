import { act, cleanup, render } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, type FilterState } from '../../../features/filters/filter-state.ts';
import type { FilterChange } from '../../../features/filters/filter-panel.tsx';
import { parseHomeSearch, type HomeSearch } from './search-url.ts';
import { useSearchAddress } from './use-search-address.ts';

afterEach(cleanup);

let apply: (filters: Partial<FilterState>, change: FilterChange) => void = () => undefined;
let current: HomeSearch;

function Page() {
  const location = useLocation();
  const [search, setSearch] = useState<HomeSearch>(() => parseHomeSearch(location.search));
  const markChange = useSearchAddress(search, setSearch);
  // Handed to the test after each commit, which act() flushes before the test reads them.
  useEffect(() => {
    current = search;
    apply = (filters, change) => {
      markChange(change);
      setSearch((previous) => ({ ...previous, filters: { ...previous.filters, ...filters } }));
    };
  });
  return null;
}

function start(entry = '/') {
  const router = createMemoryRouter([{ path: '/', element: <Page /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

const address = (router: ReturnType<typeof start>) => router.state.location.search;

describe('the search and the address, kept in step', () => {
  it('makes one history entry for a burst of typing and one for each choice', async () => {
    const router = start();
    await act(async () => apply({ keyword: 'ja' }, 'typing'));
    await act(async () => apply({ keyword: 'jazz' }, 'typing'));
    expect(address(router)).toBe('?keyword=jazz');
    await act(async () => apply({ category: 'Music' }, 'commit'));
    expect(address(router)).toBe('?keyword=jazz&category=Music');

    await act(async () => router.navigate(-1));
    expect(address(router)).toBe('?keyword=jazz');
    expect(current.filters).toMatchObject({ keyword: 'jazz', category: 'all' });
    await act(async () => router.navigate(-1));
    expect(address(router)).toBe('');
    expect(current.filters).toEqual(DEFAULT_FILTERS);
    await act(async () => router.navigate(1));
    expect(current.filters.keyword).toBe('jazz');
  });

  it('pushes a choice made after coming Back, rather than replacing the entry Back landed on', async () => {
    const router = start();
    await act(async () => apply({ category: 'Music' }, 'commit'));
    await act(async () => router.navigate(-1));
    await act(async () => apply({ category: 'Sports' }, 'commit'));
    await act(async () => router.navigate(-1));
    expect(address(router)).toBe('');
    expect(current.filters.category).toBe('all');
  });

  it('tidies the arrival address in place: the spec mode becomes view, the focus parameters go', async () => {
    const router = start('/?mode=map&focus_lat=1&focus_lon=2&keyword=rock');
    expect(address(router)).toBe('?keyword=rock&view=map');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(current).toMatchObject({ view: 'map', filters: { keyword: 'rock' } });
  });
});
