import {
  initialViewMode,
  readFocusParams,
  type FocusParams,
  type ViewMode,
} from '../../../features/home/focus-params.ts';
import type { StoredLocation } from '../../../features/nearby/location-storage.ts';
import { editTokenOf } from './save-search/edit-token.ts';
import { parseHomeSearch, type HomeSearch } from './search-url.ts';

/**
 * What the address the visitor arrived on says, read once: the focus parameters are removed from the address
 * bar right after (spec 01 "Home"), a digest's edit token is read before the address is rewritten, and the
 * search itself then lives in the page (the address follows it, search-url.ts).
 */
export interface Arrival {
  focusParams: FocusParams;
  editToken: string | null;
  storedLocation: StoredLocation | null;
  search: HomeSearch;
}

export function arrivalOf(search: string, storedLocation: StoredLocation | null): Arrival {
  const focusParams = readFocusParams(search);
  const parsed = parseHomeSearch(search, storedLocation);
  // A view named in the address wins; otherwise a focus opens the map.
  const view: ViewMode = parsed.view !== 'list' ? parsed.view : initialViewMode(focusParams);
  return { focusParams, editToken: editTokenOf(search), storedLocation, search: { ...parsed, view } };
}
