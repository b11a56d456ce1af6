import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { CardEvent } from '@evently/events/contracts';
import type { VisitorEvent } from '../../lib/format/event.ts';
import { EventCard, type EventCardProps } from './event-card.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The fields these cards read; overrides may also leave gaps (a null date) that the card must survive. */
function makeEvent(overrides: Partial<VisitorEvent> = {}): CardEvent {
  const event: VisitorEvent = {
    id: 42,
    name: 'Plain name',
    unique_title: 'Jazz Under the Stars',
    description: 'Plain description',
    unique_description: 'An evening of jazz by the river.',
    category: 'Music & Concerts',
    source: 'demo',
    date: '2026-12-05T19:30:00Z',
    venue_name: 'Riverside Hall',
    city: 'Madrid',
    latitude: 40.4,
    longitude: -3.7,
    min_price: 10,
    max_price: 30,
    price_note: 'Fees included',
    purchase_url: 'https://seller.example/buy/42',
    ...overrides,
  };
  return event as CardEvent;
}

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderCard(props: Partial<EventCardProps> = {}) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <EventCard event={makeEvent()} {...props} />
              <WhereAmI />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('location').textContent;

describe('event card (spec 01 §2)', () => {
  it('shows the preferred title and description, category, date, place, price and note', () => {
    renderCard();
    expect(screen.getByRole('heading', { name: 'Jazz Under the Stars' })).toBeTruthy();
    expect(screen.getByText('An evening of jazz by the river.')).toBeTruthy();
    expect(screen.getByText('Music & Concerts')).toBeTruthy();
    expect(screen.getByText('Riverside Hall, Madrid')).toBeTruthy();
    expect(screen.getByText('$10 - $30')).toBeTruthy();
    expect(screen.getByText('Fees included')).toBeTruthy();
    expect(screen.getByText(/Dec 5, 2026/)).toBeTruthy();
  });

  it('says Available Now when the event has no date', () => {
    renderCard({ event: makeEvent({ date: '' }) });
    expect(screen.getByText('Available Now')).toBeTruthy();
  });

  it('navigates to /event/{id} on a plain left click', () => {
    renderCard();
    fireEvent.click(screen.getByRole('link', { name: 'Jazz Under the Stars' }), { button: 0 });
    expect(where()).toBe('/event/42');
  });

  it('lets a details callback intercept the plain click', () => {
    const onDetails = vi.fn();
    renderCard({ onDetails });
    fireEvent.click(screen.getByRole('link', { name: 'Jazz Under the Stars' }), { button: 0 });
    expect(onDetails).toHaveBeenCalledWith(expect.objectContaining({ id: 42 }));
    expect(where()).toBe('/');
  });

  it('leaves modified clicks to the browser: no routing and no callback', () => {
    const onDetails = vi.fn();
    renderCard({ onDetails });
    const link = screen.getByRole('link', { name: 'Jazz Under the Stars' });
    expect(link.getAttribute('href')).toBe('/event/42');
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }]) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...modifier });
      link.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect(onDetails).not.toHaveBeenCalled();
    expect(where()).toBe('/');
  });

  it('rings events closer than 3 km and shows the distance badge', () => {
    const { container } = renderCard({ event: makeEvent({ distance_km: 2.999 }) });
    expect(container.querySelector('.event-card--nearby')).not.toBeNull();
    expect(screen.getByText('3.0 km').getAttribute('title')).toBe('2.999 km');
  });

  it('does not ring events at 3 km or more, nor without a distance', () => {
    const far = renderCard({ event: makeEvent({ distance_km: 3 }) });
    expect(far.container.querySelector('.event-card--nearby')).toBeNull();
    cleanup();
    const none = renderCard();
    expect(none.container.querySelector('.event-card--nearby')).toBeNull();
  });

  it('offers Show on map only with finite coordinates and calls the callback', () => {
    const onShowOnMap = vi.fn();
    renderCard({ onShowOnMap });
    fireEvent.click(screen.getByRole('button', { name: 'Show on map' }));
    expect(onShowOnMap).toHaveBeenCalledWith(expect.objectContaining({ id: 42 }));
    cleanup();
    renderCard({ onShowOnMap, event: makeEvent({ latitude: null }) });
    expect(screen.queryByText('Show on map')).toBeNull();
  });

  it('links Show on map to the focused home map without a callback', () => {
    renderCard();
    expect(screen.getByRole('link', { name: 'Show on map' }).getAttribute('href')).toBe(
      '/?mode=map&focus_lat=40.4&focus_lon=-3.7&focus_event=42',
    );
  });

  it('opens the purchase link in a new tab from Buy Tickets', async () => {
    const child = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(child as unknown as Window);
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Buy Tickets' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await vi.waitFor(() => expect(child.location.href).toBe('https://seller.example/buy/42'));
    expect(child.opener).toBeNull();
    expect(where()).toBe('/');
  });
});
