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
    vi.stubGlobal('fetch', vi.fn(async () => Response.json(popularAnswer())));
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
});
