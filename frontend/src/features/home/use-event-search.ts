import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, type RootState } from '../../app/store.ts';
import type { CardEvent } from '@evently/events/contracts';
import { homeApi, type Pagination } from './api.ts';

/** Spec 01 §9: 100 events per page. */
export const EVENTS_PER_PAGE = 100;

export interface EventSearchState {
  events: CardEvent[];
  pagination: Pagination | null;
  loading: boolean;
  loadingMore: boolean;
}

type Running = { abort: () => void; unsubscribe: () => void };

function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && (error as { name: unknown }).name === 'AbortError'
  );
}

const NOTHING_YET: EventSearchState = { events: [], pagination: null, loading: true, loadingMore: false };

/**
 * The answer the store already holds for a query (the server rendered the page with it, or it arrived before
 * the page rendered), as a loaded state; otherwise loading. A search starts from it, so its first render shows
 * the cards rather than a loading state.
 */
function heldAnswer(state: RootState, query: Record<string, string>): EventSearchState {
  const answer = homeApi.endpoints.searchEvents.select(query)(state);
  return answer.data
    ? { events: answer.data.data, pagination: answer.data.pagination, loading: false, loadingMore: false }
    : NOTHING_YET;
}

/** How a new search starts: with the answer the store holds, else loading over the cards of the last one. */
export function startOfSearch(current: EventSearchState, held: EventSearchState): EventSearchState {
  if (held.loading) return { ...current, loading: true, loadingMore: false };
  return current.events === held.events ? current : held;
}

/**
 * Runs the events query for a base query (everything but the page). A new base query aborts the request in
 * flight and starts over at page 1; Load More asks for the next page and appends. A sequence number makes
 * sure an answer that arrives after a newer request started is ignored (spec 01 §4 "Event requests").
 */
export function useEventSearch(baseQuery: Record<string, string>) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const [state, setState] = useState<EventSearchState>(() => heldAnswer(store.getState(), { ...baseQuery, page: '1' }));
  const sequence = useRef(0);
  const running = useRef<Running | null>(null);
  const key = JSON.stringify(baseQuery);

  // A new search shows what the store already holds for it (no loading state flashes over cards already on
  // screen), or its loading state, from its first render; the request then starts in the effect below.
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setState((current) => startOfSearch(current, heldAnswer(store.getState(), { ...JSON.parse(key), page: '1' })));
  }

  const fetchPage = useCallback(
    (page: number, append: boolean) => {
      running.current?.abort();
      running.current?.unsubscribe();
      const ticket = ++sequence.current;
      const request = dispatch(homeApi.endpoints.searchEvents.initiate({ ...JSON.parse(key), page: String(page) }));
      running.current = request;
      const answered = (result: { data: CardEvent[]; pagination: Pagination }) => {
        if (ticket !== sequence.current) return;
        // The first render already showed this very answer (a server-rendered or prefetched page).
        setState((current) =>
          !append && current.events === result.data
            ? current
            : {
                events: append ? [...current.events, ...result.data] : result.data,
                pagination: result.pagination,
                loading: false,
                loadingMore: false,
              },
        );
      };
      const failed = (error: unknown) => {
        if (ticket !== sequence.current) return;
        // Spec 01 §8: fetch errors are logged only and aborts are ignored.
        if (!isAbort(error)) console.error('Events request failed', error);
        setState((current) => ({ ...current, loading: false, loadingMore: false }));
      };
      // The state changes only when the answer arrives, never while the effect that starts the request runs.
      void request
        .unwrap()
        .then(answered, failed)
        .finally(() => request.unsubscribe());
    },
    [dispatch, key],
  );

  useEffect(() => {
    fetchPage(1, false);
  }, [fetchPage]);

  useEffect(
    () => () => {
      sequence.current += 1;
      running.current?.abort();
    },
    [],
  );

  const loadMore = useCallback(() => {
    setState((current) => ({ ...current, loadingMore: true }));
    fetchPage((state.pagination?.page ?? 1) + 1, true);
  }, [fetchPage, state.pagination]);

  return { ...state, loadMore };
}
