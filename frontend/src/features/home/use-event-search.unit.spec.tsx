import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverStateReceived } from '../../app/server-state.ts';
import { createStore } from '../../app/store.ts';
import { homeApi } from './api.ts';
import { useEventSearch } from './use-event-search.ts';

function answer(keyword: string, page: number, hasNext: boolean) {
  return {
    data: [{ id: `${keyword}-${page}`, name: `${keyword} ${page}` }],
    pagination: { total: 2, pages: 2, page, has_next: hasNext },
  };
}

/** A fetch whose answers the test releases by keyword, recording each request's abort signal. */
function controllableFetch() {
  const pending = new Map<string, () => void>();
  const requests: Request[] = [];
  const fetchMock = vi.fn((request: Request) => {
    requests.push(request);
    const url = new URL(request.url);
    const keyword = url.searchParams.get('keyword') ?? '';
    const page = Number(url.searchParams.get('page'));
    return new Promise<Response>((resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      pending.set(`${keyword}:${page}`, () => resolve(Response.json(answer(keyword, page, page < 2))));
    });
  });
  return { fetchMock, requests, release: (key: string) => pending.get(key)?.() };
}

function wrapper(store: ReturnType<typeof createStore>) {
  return ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('event search requests', () => {
  it('aborts the older request when the query changes and ignores its late answer', async () => {
    const control = controllableFetch();
    vi.stubGlobal('fetch', control.fetchMock);
    const { result, rerender } = renderHook(({ query }) => useEventSearch(query), {
      initialProps: { query: { keyword: 'old' } as Record<string, string> },
      wrapper: wrapper(createStore()),
    });
    await waitFor(() => expect(control.requests).toHaveLength(1));
    rerender({ query: { keyword: 'new' } });
    await waitFor(() => expect(control.requests).toHaveLength(2));
    expect(control.requests[0]!.signal.aborted).toBe(true);
    // Date presets are resolved by the server in the visitor's zone, so every request names it.
    expect(control.requests[1]!.headers.get('X-Timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    act(() => control.release('new:1'));
    act(() => control.release('old:1'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.events.map((event) => event.id)).toEqual(['new-1']);
  });

  it('appends the next page on Load More', async () => {
    const control = controllableFetch();
    vi.stubGlobal('fetch', control.fetchMock);
    const { result } = renderHook(() => useEventSearch({ keyword: 'jazz' }), { wrapper: wrapper(createStore()) });
    await waitFor(() => expect(control.requests).toHaveLength(1));
    act(() => control.release('jazz:1'));
    await waitFor(() => expect(result.current.events).toHaveLength(1));

    act(() => result.current.loadMore());
    await waitFor(() => expect(control.requests).toHaveLength(2));
    expect(new URL(control.requests[1]!.url).searchParams.get('page')).toBe('2');
    act(() => control.release('jazz:2'));
    await waitFor(() => expect(result.current.events.map((event) => event.id)).toEqual(['jazz-1', 'jazz-2']));
    expect(result.current.pagination?.has_next).toBe(false);
  });

  it('starts from the answer a server-rendered page carried: the cards in the first render, and no request', async () => {
    const fetchMock = vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      return Response.json(answer(url.searchParams.get('keyword') ?? '', 1, true));
    });
    vi.stubGlobal('fetch', fetchMock);
    // The server's store answers the page's first request; the page carries its API slice as JSON.
    const serverStore = createStore(undefined, { apiOrigin: 'http://127.0.0.1:3000' });
    await serverStore.dispatch(
      homeApi.endpoints.searchEvents.initiate({ keyword: 'jazz', page: '1' }, { subscribe: false }),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const carried = JSON.parse(JSON.stringify({ api: serverStore.getState().api })) as Record<string, unknown>;

    const clientStore = createStore();
    clientStore.dispatch(serverStateReceived(carried));
    const renders: boolean[] = [];
    const { result } = renderHook(
      () => {
        const search = useEventSearch({ keyword: 'jazz' });
        renders.push(search.loading);
        return search;
      },
      { wrapper: wrapper(clientStore) },
    );
    expect(renders[0]).toBe(false);
    expect(result.current.events.map((event) => event.id)).toEqual(['jazz-1']);
    await act(async () => {});
    expect(renders).not.toContain(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
