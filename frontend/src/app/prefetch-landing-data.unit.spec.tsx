import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from './store.ts';
import { prefetchLandingData } from './prefetch-landing-data.ts';
import { homeEventsQuery, initialHomeFilters } from './routes/home/home-query.ts';
import { useEventSearch } from '../features/home/use-event-search.ts';

function recordingFetch() {
  const urls: URL[] = [];
  const fetchMock = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    urls.push(url);
    if (url.pathname === '/api/events')
      return Response.json({
        data: [{ id: 1, name: 'First' }],
        pagination: { total: 1, pages: 1, page: 1, has_next: false },
      });
    return Response.json({ id: 42, name: 'The event' });
  });
  return { fetchMock, urls };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('landing page prefetch', () => {
  it("asks for the home page's first events page once: the page's own search gets the prefetched request", async () => {
    const { fetchMock, urls } = recordingFetch();
    vi.stubGlobal('fetch', fetchMock);
    const store = createStore();
    prefetchLandingData(store.dispatch, { pathname: '/', search: '?city=Lisbon' });
    const query = homeEventsQuery(initialHomeFilters('?city=Lisbon', null), null);
    const { result } = renderHook(() => useEventSearch(query), {
      wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>,
    });
    await waitFor(() => expect(result.current.events.map((event) => event.name)).toEqual(['First']));
    expect(urls).toHaveLength(1);
    expect(urls[0]?.searchParams.get('city')).toBe('Lisbon');
    expect(urls[0]?.searchParams.get('page')).toBe('1');
  });

  it('asks for the event of an event page address, by id or by id and slug', async () => {
    const { fetchMock, urls } = recordingFetch();
    vi.stubGlobal('fetch', fetchMock);
    prefetchLandingData(createStore().dispatch, { pathname: '/event/42', search: '' });
    prefetchLandingData(createStore().dispatch, { pathname: '/events/43-jazz-night', search: '' });
    await waitFor(() => expect(urls.map((url) => url.pathname)).toEqual(['/api/events/42', '/api/events/43']));
  });

  it('asks for nothing on other pages', () => {
    const { fetchMock } = recordingFetch();
    vi.stubGlobal('fetch', fetchMock);
    prefetchLandingData(createStore().dispatch, { pathname: '/support', search: '' });
    prefetchLandingData(createStore().dispatch, { pathname: '/events/not-an-id', search: '' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
