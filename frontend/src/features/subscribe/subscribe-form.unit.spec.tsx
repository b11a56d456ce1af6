import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { SubscribeForm } from './subscribe-form.tsx';
import { SUGGESTIONS_CLOSE_DELAY_MS } from './suggestions.ts';

function renderForm() {
  const store = createStore();
  render(
    <Provider store={store}>
      <SubscribeForm
        countries={['Spain', 'Sweden', 'Estonia']}
        cities={['Madrid', 'Stockholm']}
        citiesByCountry={{ Spain: ['Madrid'], Sweden: ['Stockholm'] }}
      />
    </Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to updates' }));
  return store;
}

function fill(values: { email?: string; country?: string; city?: string }) {
  if (values.email !== undefined) fireEvent.change(screen.getByLabelText('Email'), { target: { value: values.email } });
  if (values.country !== undefined)
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: values.country } });
  if (values.city !== undefined) fireEvent.change(screen.getByLabelText('City'), { target: { value: values.city } });
}

describe('subscribe form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the validation messages', () => {
    renderForm();
    fill({ email: 'nope' });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email.');
    fill({ email: 'ana@example.com', country: 'Spain' });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert').textContent).toBe('Country and City are required.');
  });

  it('suggests countries with prefix matches first and closes the list 120 ms after blur', () => {
    vi.useFakeTimers();
    renderForm();
    const country = screen.getByLabelText('Country');
    fireEvent.focus(country);
    fireEvent.change(country, { target: { value: 's' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Spain', 'Sweden', 'Estonia']);
    fireEvent.blur(country);
    act(() => vi.advanceTimersByTime(SUGGESTIONS_CLOSE_DELAY_MS - 1));
    expect(screen.queryAllByRole('option')).toHaveLength(3);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('posts the payload, clears and closes the form, and confirms inline and with a toast', async () => {
    const fetchMock = vi.fn(
      async (_request: Request) =>
        new Response(JSON.stringify({ message: 'ok' }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const store = renderForm();
    fill({ email: 'ana@example.com', country: 'Spain', city: 'Madrid' });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByText("Subscribed! We'll send weekly events for your city.")).toBeTruthy());
    // Nothing is sent before the address is confirmed: the next step is said in the mail's own words.
    expect(screen.getByRole('status').textContent).toContain(
      "One more step: we've e-mailed a link to ana@example.com. Open it and press Confirm, and the weekly digest starts; without it, we send nothing.",
    );
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/subscriptions');
    expect(await request.json()).toEqual({ email: 'ana@example.com', name: null, country: 'Spain', city: 'Madrid' });
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
      "You're subscribed! Check your inbox for our confirmation email.",
    ]);
  });

  it("shows the server's error text", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'Too many requests' }), { status: 429 })),
    );
    renderForm();
    fill({ email: 'ana@example.com', country: 'Spain', city: 'Madrid' });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many requests'));
  });

  it('reports a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderForm();
    fill({ email: 'ana@example.com', country: 'Spain', city: 'Madrid' });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Network error. Please try again.'));
  });
});
