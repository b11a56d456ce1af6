import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { BuyFlowProvider, type BuyFlowSettings } from '../../lib/buy-flow/buy-flow-context.tsx';
import type { VisitorEvent } from '../../lib/format/event.ts';
import { EventPage } from './event-page.tsx';
import { eventIdFromParam } from './event-id.ts';
import { originalSiteLink } from './get-tickets-card.tsx';

// Node's Request rejects the relative URLs RTK Query builds from the '/api' base; a browser resolves them
// against the page, which this reproduces.
class PageRelativeRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}

type Answer = { status: number; body?: unknown };

function stubApi(answers: Record<string, Answer>) {
  const fetchStub = vi.fn(async (request: Request) => {
    const { pathname } = new URL(request.url);
    const answer = answers[pathname] ?? { status: 404, body: { error: 'Not found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('Request', PageRelativeRequest);
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

function makeEvent(overrides: Partial<VisitorEvent> = {}): VisitorEvent {
  return {
    id: 7,
    name: 'Harbour Jazz',
    unique_title: 'Harbour Jazz Night',
    unique_description: 'Sax by the sea.',
    category: 'Music & Concerts',
    source: 'demo',
    date: '2026-12-05T19:30:00Z',
    venue_name: 'Pier 4',
    city: 'Lisbon',
    country: 'Portugal',
    latitude: 38.7,
    longitude: -9.1,
    min_price: 20,
    max_price: 45,
    tags: 'jazz,live music',
    highlights: ['Sunset set'],
    faq: [{ question: 'Is there parking?', answer: 'Yes, nearby.' }],
    nearby: ['Metro Cais do Sodré'],
    organizer: 'Lisbon Jazz Club',
    event_type: 'Concert',
    view_count: 1234,
    purchase_url: 'https://seller.example/7',
    original_url: 'https://source.example/7',
    ...overrides,
  };
}

function renderAt(path: string, buyFlow: BuyFlowSettings = {}) {
  return render(
    <Provider store={createStore()}>
      <BuyFlowProvider value={buyFlow}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/event/:eventId" element={<EventPage />} />
            <Route path="/events/:slug" element={<EventPage />} />
            <Route path="/" element={<p>Home page</p>} />
          </Routes>
        </MemoryRouter>
      </BuyFlowProvider>
    </Provider>,
  );
}

beforeEach(() => {
  window.matchMedia = vi.fn(() => ({
    matches: false,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  })) as never;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('event URL', () => {
  it('takes the id from /event/{id} and from the leading digits of a slug', () => {
    expect(eventIdFromParam('42')).toBe('42');
    expect(eventIdFromParam('42-harbour-jazz')).toBe('42');
    expect(eventIdFromParam('harbour-jazz')).toBeUndefined();
    expect(eventIdFromParam('42abc')).toBeUndefined();
    expect(eventIdFromParam(undefined)).toBeUndefined();
  });

  it('shows Invalid event URL when there is no id', () => {
    stubApi({});
    renderAt('/events/no-id-here');
    expect(screen.getByRole('heading', { name: 'Invalid event URL' })).toBeTruthy();
  });
});

describe('event page (spec 01 §2 Event detail)', () => {
  it('shows every section in the spec order, then the Get Tickets card', async () => {
    stubApi({
      '/api/events/7': { status: 200, body: makeEvent() },
      '/api/events/7/similar': { status: 200, body: { similar_events: [] } },
      '/api/events/7/accommodations': { status: 200, body: { items: [] } },
    });
    renderAt('/events/7-harbour-jazz');
    expect(screen.getByRole('status').textContent).toBe('Loading event...');
    const title = await screen.findByRole('heading', { level: 1, name: 'Harbour Jazz Night' });
    expect(title).toBeTruthy();
    expect(screen.getByText('1,234 views')).toBeTruthy();
    expect(screen.getByText('jazz, live music')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'About This Event',
      'Highlights',
      'FAQ',
      'Nearby & Logistics',
      'Event Details',
      'Nearby Stays',
      'Get Tickets',
    ]);
    const facts = screen.getByText('Venue').closest('dl');
    expect(facts && within(facts as HTMLElement).getByText('Pier 4, Lisbon, Portugal')).toBeTruthy();
    expect(within(facts as HTMLElement).getByText('Lisbon Jazz Club')).toBeTruthy();
    expect(within(facts as HTMLElement).getAllByText('$20 - $45')).toHaveLength(1);
    expect(await screen.findByText('No nearby stays found for this city yet.')).toBeTruthy();
    expect(document.title).toContain('Harbour Jazz Night');
  });

  it('shows no view count for an event nobody has opened yet', async () => {
    stubApi({
      '/api/events/7': { status: 200, body: makeEvent({ view_count: 0 }) },
      '/api/events/7/similar': { status: 200, body: { similar_events: [] } },
      '/api/events/7/accommodations': { status: 200, body: { items: [] } },
    });
    renderAt('/event/7');
    await screen.findByRole('heading', { level: 1, name: 'Harbour Jazz Night' });
    expect(screen.queryByText(/\bviews?\b/)).toBeNull();
  });

  it('links Show on map, View on Original Site and Write Review as the spec says', async () => {
    stubApi({ '/api/events/7': { status: 200, body: makeEvent() } });
    renderAt('/event/7');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Show on map' }).getAttribute('href')).toBe(
      '/?mode=map&focus_lat=38.7&focus_lon=-9.1&focus_event=7',
    );
    const original = screen.getByRole('link', { name: 'View on Original Site' });
    expect(original.getAttribute('href')).toBe('https://source.example/7');
    expect(original.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Write Review' }).getAttribute('href')).toBe('/reviews/write?eventId=7');
  });

  it('hides Show on map without coordinates and View on Original Site when it equals the purchase link', async () => {
    stubApi({
      '/api/events/7': {
        status: 200,
        body: makeEvent({ latitude: null, original_url: 'https://seller.example/7' }),
      },
    });
    renderAt('/event/7');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Show on map' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View on Original Site' })).toBeNull();
  });

  it('reports one view_item to the analytics hook', async () => {
    stubApi({ '/api/events/7': { status: 200, body: makeEvent() } });
    const viewItem = vi.fn();
    renderAt('/event/7', { analytics: { viewItem } });
    await screen.findByRole('heading', { level: 1 });
    expect(viewItem).toHaveBeenCalledTimes(1);
    expect(viewItem).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
  });

  it('shows the not-found state with the server text and both ways back', async () => {
    stubApi({ '/api/events/999': { status: 404, body: { error: 'Event not found' } } });
    renderAt('/event/999');
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeTruthy();
    expect(screen.getByText('The event you are looking for does not exist or has been removed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Events' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('goes home from Back to Events when the page was opened directly', async () => {
    stubApi({ '/api/events/999': { status: 404, body: { error: 'Event not found' } } });
    renderAt('/event/999');
    fireEvent.click(await screen.findByRole('button', { name: 'Back to Events' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
  });

  it('says Event not found when a failure carries no server text', async () => {
    stubApi({ '/api/events/8': { status: 500 } });
    renderAt('/event/8');
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeTruthy();
  });

  it('reports an accommodations failure with its message', async () => {
    stubApi({
      '/api/events/7': { status: 200, body: makeEvent() },
      '/api/events/7/accommodations': { status: 503, body: { error: 'Stays provider unavailable' } },
    });
    renderAt('/event/7');
    expect(await screen.findByText('Failed to load accommodations: Stays provider unavailable')).toBeTruthy();
  });

  it('lists similar events as cards with their reasons', async () => {
    stubApi({
      '/api/events/7': { status: 200, body: makeEvent() },
      '/api/events/7/similar': {
        status: 200,
        body: {
          similar_events: [
            { ...makeEvent({ id: 8, unique_title: 'Fado Evening' }), similarity_reasons: ['Same category'] },
          ],
        },
      },
    });
    renderAt('/event/7');
    const grid = (await screen.findByRole('heading', { name: 'Similar Events' })).closest('section') as HTMLElement;
    expect(within(grid).getByRole('link', { name: 'Fado Evening' }).getAttribute('href')).toBe('/event/8');
    expect(within(grid).getByText('Same category')).toBeTruthy();
  });
});

describe('View on Original Site rule', () => {
  it('uses original_url, then external_url, and hides a link equal to the purchase link', () => {
    expect(originalSiteLink({ original_url: 'https://a', purchase_url: 'https://b' })).toBe('https://a');
    expect(originalSiteLink({ external_url: 'https://c', purchase_url: 'https://b' })).toBe('https://c');
    expect(originalSiteLink({ original_url: 'https://b', purchase_url: 'https://b' })).toBeUndefined();
    expect(originalSiteLink({ purchase_url: 'https://b' })).toBeUndefined();
  });
});
