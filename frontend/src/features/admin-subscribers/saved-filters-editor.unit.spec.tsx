import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { makeAdminSubscriber } from '../../testing/admin-subscriber.ts';
import { json, stubApi } from '../../testing/fake-api.ts';
import { SavedFiltersEditor } from './saved-filters-editor.tsx';
import type { AdminSubscriber } from './types.ts';

const subscriber: AdminSubscriber = makeAdminSubscriber({
  country: 'Germany',
  city: 'Berlin',
  radius_km: 25,
  has_filters: true,
  search: { keyword: 'jazz', category: null, min_price: null, max_price: 50, date_preset: null, centre: null },
  search_description: 'Jazz under $50 within 25 km of Berlin',
  search_url: 'http://localhost/?keyword=jazz&country=Germany&city=Berlin&max_price=50',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditor(onChanged = vi.fn()) {
  render(
    <Provider store={createStore()}>
      <SavedFiltersEditor subscriber={subscriber} categories={['Technology']} onChanged={onChanged} />
    </Provider>,
  );
  return { form: screen.getByRole('form', { name: 'Saved search filters' }), onChanged };
}

// Renders, clicks and a fetch round trip each: more than the 5 s default on a shared, loaded machine.
describe('the saved search editor', { timeout: 30_000 }, () => {
  it('names the search, and moves its centre to coordinates with the keyword in one save', async () => {
    const changed = {
      ...subscriber,
      search: { ...subscriber.search!, keyword: 'blues', centre: { lat: 52.5, lon: 13.4 } },
      search_description: 'Blues under $50 within 25 km of Berlin',
    };
    const api = stubApi({ 'PATCH /api/subscriptions/admin/s1': () => json({ ok: true, subscription: changed }) });
    const { form, onChanged } = renderEditor();
    expect(screen.getByTestId('saved-filters-words').textContent).toBe('Jazz under $50 within 25 km of Berlin');
    expect((within(form).getByLabelText('The centre of Berlin, Germany') as HTMLInputElement).checked).toBe(true);
    expect(within(form).queryByLabelText('Latitude')).toBeNull();

    fireEvent.change(within(form).getByLabelText('Keyword'), { target: { value: 'blues' } });
    fireEvent.click(within(form).getByLabelText('Coordinates'));
    fireEvent.change(within(form).getByLabelText('Latitude'), { target: { value: '52.5' } });
    fireEvent.change(within(form).getByLabelText('Longitude'), { target: { value: '13.4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save search' }));

    // A loaded machine may take longer than the one-second default to answer and render.
    await screen.findByText('Saved search updated', {}, { timeout: 15_000 });
    expect(await api.calls('PATCH /api/subscriptions/admin/s1')[0]!.json()).toEqual({
      keyword: 'blues',
      latitude: 52.5,
      longitude: 13.4,
    });
    expect(onChanged).toHaveBeenCalledWith(changed);
  });

  it('shows a coordinate off the globe beside its field and sends nothing', async () => {
    const api = stubApi({});
    const { form } = renderEditor();
    fireEvent.click(within(form).getByLabelText('Coordinates'));
    fireEvent.change(within(form).getByLabelText('Latitude'), { target: { value: '95' } });
    fireEvent.change(within(form).getByLabelText('Longitude'), { target: { value: '13.4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save search' }));
    const latitude = within(form).getByLabelText('Latitude');
    expect(latitude.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(latitude.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Latitude must be a number from -90 to 90',
    );
    expect(api.requests).toHaveLength(0);
  });

  it("puts the server's 400 beside the field it names", async () => {
    stubApi({
      'PATCH /api/subscriptions/admin/s1': () => json({ error: 'max_price: must not be below min_price' }, 400),
    });
    const { form } = renderEditor();
    fireEvent.change(within(form).getByLabelText('Keyword'), { target: { value: 'soul' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save search' }));
    const maximum = within(form).getByLabelText('Max price (USD)');
    await vi.waitFor(() => expect(maximum.getAttribute('aria-invalid')).toBe('true'), { timeout: 15_000 });
    expect(document.getElementById(maximum.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Must not be below min_price',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
