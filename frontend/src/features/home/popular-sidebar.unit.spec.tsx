import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { PopularSidebar } from './popular-sidebar.tsx';

// One instant, 15:30 UTC: already the next day in Brisbane (UTC+10), still the same day in Honolulu (UTC-10).
// Neither zone has daylight saving, and the year ahead keeps both upcoming and plausible.
const year = new Date().getFullYear() + 1;
const start = `${year}-03-04T15:30:00Z`;

function popularAnswer() {
  return {
    popular_events: [
      { id: 1, name: 'Riverside Lights', date: start, timezone: 'Australia/Brisbane', category: 'Festivals & Fairs' },
      { id: 2, name: 'Beach Ukulele Night', date: start, timezone: 'Pacific/Honolulu', category: 'Music & Concerts' },
    ],
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('popular sidebar (spec 01 §4)', () => {
  it("dates each event on its venue's calendar, as its card does, whatever the visitor's zone", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(popularAnswer())),
    );
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <PopularSidebar />
        </MemoryRouter>
      </Provider>,
    );

    const brisbane = await screen.findByRole('link', { name: 'Riverside Lights' });
    const honolulu = screen.getByRole('link', { name: 'Beach Ukulele Night' });
    expect(brisbane.closest('li')?.textContent).toContain(`Mar 5, ${year}`);
    expect(honolulu.closest('li')?.textContent).toContain(`Mar 4, ${year}`);
  });

  it("writes each price as its card does: dollars first, the seller's currency beside, grouped", async () => {
    const answer = {
      popular_events: [
        {
          ...popularAnswer().popular_events[0],
          min_price: 13881,
          max_price: null,
          currency: 'JPY',
          usd_rate: 0.0067,
          usd_rate_date: '2026-11-27',
        },
        { ...popularAnswer().popular_events[1], min_price: 25, max_price: 40, currency: 'USD', usd_rate: 1 },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(answer)),
    );
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <PopularSidebar />
        </MemoryRouter>
      </Provider>,
    );

    const yen = await screen.findByRole('link', { name: 'Riverside Lights' });
    const dollars = screen.getByRole('link', { name: 'Beach Ukulele Night' });
    expect(yen.closest('li')?.querySelector('.popular__price')?.textContent).toBe('From $93 (JPY 13,881)');
    expect(yen.closest('li')?.querySelector('.price-text__main')?.getAttribute('title')).toBe(
      'Converted from JPY at the rates of 2026-11-27',
    );
    expect(dollars.closest('li')?.querySelector('.popular__price')?.textContent).toBe('$25 - $40');
  });
});
