import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { FilterChange } from '../../../features/filters/filter-panel.tsx';
import { loadLocation } from '../../../features/nearby/location-storage.ts';
import { parseHomeSearch, serialiseHomeSearch, type HomeSearch } from './search-url.ts';

/**
 * Keeps the address and the home page's search in step, both ways.
 *
 * The page's search is written into the address: a choice made (a select, a chip, Near me, the view) pushes a
 * history entry; typing makes one entry per burst (its first applied change pushes, the rest replace it), so
 * Back returns to the search before the typing rather than to every word of it. The first write replaces the
 * entry the visitor arrived on (it only tidies the address: the spec's focus parameters go, `mode` becomes `view`).
 *
 * An address the page did not write (Back, Forward, a link to another search) is read back into the page
 * through `restore`. Returns `markChange`, which the page calls before a change that is typing.
 */
export function useSearchAddress(
  current: HomeSearch,
  restore: (search: HomeSearch) => void,
): (change: FilterChange) => void {
  const location = useLocation();
  const navigate = useNavigate();
  const address = serialiseHomeSearch(current);
  /** The address that stands for the page's search; null before the first write. */
  const written = useRef<string | null>(null);
  const pending = useRef<FilterChange>('commit');
  const inTypingBurst = useRef(false);
  const restoring = useRef(false);

  // Only a new search is written; where the page is within it (the hash, the pathname) is read as it is then.
  const write = useEffectEvent((search: string) => {
    const change = pending.current;
    pending.current = 'commit';
    // Nothing new to write: the effect ran again (development's double run) or the address already says it.
    if (written.current === search) {
      restoring.current = false;
      return;
    }
    const first = written.current === null;
    const continuesBurst = change === 'typing' && inTypingBurst.current;
    inTypingBurst.current = change === 'typing';
    const replace = first || restoring.current || continuesBurst;
    restoring.current = false;
    written.current = search;
    if (search === location.search) return;
    navigate({ pathname: location.pathname, search, hash: location.hash }, { replace });
  });
  useEffect(() => write(address), [address]);

  // An address the page did not write is compared with the page's search as it is then.
  const readBack = useEffectEvent((search: string) => {
    if (written.current === null || search === written.current) return;
    const restored = parseHomeSearch(search, loadLocation(), false);
    const restoredAddress = serialiseHomeSearch(restored);
    written.current = search;
    inTypingBurst.current = false;
    // A search equal to the page's own renders nothing new; otherwise its tidy address replaces this entry.
    if (restoredAddress === address) return;
    restoring.current = true;
    restore(restored);
  });
  useEffect(() => readBack(location.search), [location.search]);

  return useCallback((change: FilterChange) => {
    pending.current = change;
  }, []);
}
