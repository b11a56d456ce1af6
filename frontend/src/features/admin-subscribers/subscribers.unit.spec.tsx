import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { makeAdminSubscriber } from '../../testing/admin-subscriber.ts';
import { json, stubApi, type Handler } from '../../testing/fake-api.ts';
import { copyText } from './copy-text.ts';
import { editPatch, listParams, draftOf } from './subscriber-rules.ts';
import { SubscribersTab } from './subscribers-tab.tsx';
import { EMPTY_FILTERS, type AdminSubscriber } from './types.ts';

const STATS = { total: 3, active: 2, inactive: 1, pending: 0, sent_last_7d: 1 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('subscriber rules (spec 02 §5, §7)', () => {
  it('sends only the filters that are set, trimmed, 25 a page', () => {
    expect(listParams(EMPTY_FILTERS, 1)).toEqual({ page: 1, per_page: 25, sort: 'recent' });
    expect(listParams({ ...EMPTY_FILTERS, savedOnly: true }, 1)).toEqual({
      page: 1,
      per_page: 25,
      sort: 'recent',
      filters: 'saved',
    });
    expect(
      listParams(
        { search: ' ana ', status: 'inactive', country: '', city: ' Madrid', sort: 'city', savedOnly: false },
        3,
      ),
    ).toEqual({
      page: 3,
      per_page: 25,
      sort: 'city',
      status: 'inactive',
      search: 'ana',
      city: 'Madrid',
    });
  });

  it("says 'No changes to save' when nothing changed (whitespace included)", () => {
    const subscriber = makeAdminSubscriber();
    expect(editPatch(subscriber, draftOf(subscriber))).toEqual({ problem: 'No changes to save' });
    expect(editPatch(subscriber, { ...draftOf(subscriber), city: ' Madrid ', radius: '50' })).toEqual({
      problem: 'No changes to save',
    });
  });

  it('sends only the changed fields, radius as a number', () => {
    const subscriber = makeAdminSubscriber();
    expect(editPatch(subscriber, { ...draftOf(subscriber), radius: '120' })).toEqual({ patch: { radius_km: 120 } });
    expect(editPatch(subscriber, { ...draftOf(subscriber), name: 'Ana L', city: 'Toledo' })).toEqual({
      patch: { name: 'Ana L', city: 'Toledo' },
    });
  });

  it.each(['0', '501', '12.5', '', 'abc'])('refuses a radius of %j (1-500 km)', (radius) => {
    const subscriber = makeAdminSubscriber();
    expect(editPatch(subscriber, { ...draftOf(subscriber), radius })).toEqual({
      problem: 'Radius must be a whole number from 1 to 500 km',
    });
  });

  it.each(['1', '500'])('accepts the radius bound %s', (radius) => {
    const subscriber = makeAdminSubscriber();
    expect(editPatch(subscriber, { ...draftOf(subscriber), radius })).toEqual({ patch: { radius_km: Number(radius) } });
  });

  it('refuses to blank the country or the city', () => {
    const subscriber = makeAdminSubscriber();
    expect(editPatch(subscriber, { ...draftOf(subscriber), city: '  ' })).toEqual({
      problem: 'Country and City are required.',
    });
  });

  it('copies with the Clipboard API, then the legacy copy, and reports failure', async () => {
    expect(await copyText('x', { writeClipboard: () => Promise.resolve(), legacyCopy: () => false })).toBe(true);
    expect(
      await copyText('x', { writeClipboard: () => Promise.reject(new Error('denied')), legacyCopy: () => true }),
    ).toBe(true);
    expect(await copyText('x', { legacyCopy: () => false })).toBe(false);
  });
});

function renderTab(routes: Record<string, Handler>) {
  const api = stubApi(routes);
  render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <SubscribersTab />
      </MemoryRouter>
    </Provider>,
  );
  return api;
}

const listOf =
  (subscriptions: AdminSubscriber[], pages = 1) =>
  () =>
    json({ ok: true, subscriptions, pages, page: 1, total: subscriptions.length, stats: STATS });

describe('Subscribers tab', () => {
  it('shows the description, stats, filters and the select prompt', async () => {
    renderTab({
      'GET /api/subscriptions/admin': listOf([
        makeAdminSubscriber(),
        makeAdminSubscriber({ id: 's2', email: 'bo@example.com', name: null, city: '', is_active: false }),
      ]),
    });
    expect(screen.getByRole('heading', { name: 'Subscribers' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run batch digest' })).toBeTruthy();
    const row = await screen.findByRole('button', { name: /bo@example\.com/ });
    expect(row.textContent).toContain('—, Spain');
    expect(within(row).getByText('Inactive')).toBeTruthy();
    for (const label of ['Total Subscribers', 'Active', 'Inactive', 'Sent last 7 days'])
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.getByText('Select a subscriber to view and edit details')).toBeTruthy();
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((option) => option.text)).toEqual([
      'All statuses',
      'Active',
      'Inactive',
      'Awaiting confirmation',
    ]);
    const sort = screen.getByLabelText('Sort') as HTMLSelectElement;
    expect([...sort.options].map((option) => option.text)).toEqual([
      'Newest first',
      'Email A-Z',
      'Last sent',
      'City/Country',
    ]);
  });

  it('applies and resets the filters, and shows the empty text', async () => {
    const api = renderTab({
      'GET /api/subscriptions/admin': (request) =>
        new URL(request.url).searchParams.get('search') ? listOf([])() : listOf([makeAdminSubscriber()])(),
    });
    await screen.findByRole('button', { name: /ana@example\.com/ });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'zzz' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'active' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No subscribers match the current filters')).toBeTruthy();
    const last = new URL(api.requests.at(-1)!.url).searchParams;
    expect(Object.fromEntries(last)).toEqual({
      page: '1',
      per_page: '25',
      sort: 'recent',
      status: 'active',
      search: 'zzz',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await screen.findByRole('button', { name: /ana@example\.com/ });
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
  });

  it('offers Load more only while pages remain', async () => {
    renderTab({
      'GET /api/subscriptions/admin': (request) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return listOf([makeAdminSubscriber({ id: `s${page}`, email: `p${page}@example.com` })], 2)();
      },
    });
    await screen.findByRole('button', { name: /p1@example\.com/ });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('button', { name: /p2@example\.com/ });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("alerts 'Failed to load subscribers list. Please retry.' when the list fails", async () => {
    renderTab({ 'GET /api/subscriptions/admin': () => json({ error: 'boom' }, 500) });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load subscribers list. Please retry.');
  });

  it("edits: 'No changes to save', then only the changed field is sent", async () => {
    const subscriber = makeAdminSubscriber();
    const api = renderTab({
      'GET /api/subscriptions/admin': listOf([subscriber]),
      'PATCH /api/subscriptions/admin/s1': () =>
        json({ ok: true, subscription: { ...subscriber, radius_km: 75, updated_at: '2025-07-02T10:00:00.000Z' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /ana@example\.com/ }));
    const detail = screen.getByRole('article', { name: 'ana@example.com' });
    fireEvent.click(within(detail).getByRole('button', { name: 'Save changes' }));
    expect(within(detail).getByRole('alert').textContent).toBe('No changes to save');
    const radius = within(detail).getByLabelText('Radius (km)') as HTMLInputElement;
    expect([radius.type, radius.min, radius.max]).toEqual(['number', '1', '500']);
    fireEvent.change(radius, { target: { value: '75' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Save changes' }));
    await within(detail).findByText('Changes saved');
    expect(await api.calls('PATCH /api/subscriptions/admin/s1')[0]!.json()).toEqual({ radius_km: 75 });
  });

  it.each([
    ['Save changes', 'PATCH /api/subscriptions/admin/s1', 'Failed to save subscriber changes'],
    ['Deactivate', 'PATCH /api/subscriptions/admin/s1', 'Failed to change subscriber status'],
    ['Send digest now', 'POST /api/subscriptions/admin/s1/send-digest', 'Failed to send digest'],
    ['Delete', 'DELETE /api/subscriptions/admin/s1', 'Failed to delete subscriber'],
  ])('%s failing alerts the spec text', async (button, call, text) => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderTab({
      'GET /api/subscriptions/admin': listOf([makeAdminSubscriber()]),
      [call]: () => json({ error: 'nope' }, 500),
    });
    fireEvent.click(await screen.findByRole('button', { name: /ana@example\.com/ }));
    const detail = screen.getByRole('article', { name: 'ana@example.com' });
    if (button === 'Save changes')
      fireEvent.change(within(detail).getByLabelText('Name'), { target: { value: 'Ana B' } });
    fireEvent.click(within(detail).getByRole('button', { name: button }));
    const alert = await within(detail).findByRole('alert');
    expect(alert.firstElementChild?.textContent).toBe(text);
  });

  it('says when a digest found nothing to send, and Activate follows Deactivate', async () => {
    const subscriber = makeAdminSubscriber();
    renderTab({
      'GET /api/subscriptions/admin': listOf([subscriber]),
      'POST /api/subscriptions/admin/s1/send-digest': () => json({ ok: true, sent: 0, subscription: subscriber }),
      'PATCH /api/subscriptions/admin/s1': () =>
        json({ ok: true, subscription: { ...subscriber, is_active: false, updated_at: '2025-07-03T10:00:00.000Z' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /ana@example\.com/ }));
    const detail = screen.getByRole('article', { name: 'ana@example.com' });
    fireEvent.click(within(detail).getByRole('button', { name: 'Send digest now' }));
    expect((await within(detail).findByRole('alert')).textContent).toBe(
      'No suitable events found for this subscriber right now',
    );
    fireEvent.click(within(detail).getByRole('button', { name: 'Deactivate' }));
    expect(
      await within(screen.getByRole('article', { name: 'ana@example.com' })).findByRole('button', { name: 'Activate' }),
    ).toBeTruthy();
  });

  it.each([
    [{ is_active: false }, 'Not sent: this subscriber is deactivated. Activate them first to send a digest.'],
    [
      { is_active: false, confirmed: false, status: 'pending' as const },
      'Not sent: this subscriber has not confirmed their e-mail address yet.',
    ],
  ])('disables Send digest now for %o and says why', async (overrides, reason) => {
    renderTab({ 'GET /api/subscriptions/admin': listOf([makeAdminSubscriber(overrides)]) });
    fireEvent.click(await screen.findByRole('button', { name: /ana@example\.com/ }));
    const detail = screen.getByRole('article', { name: 'ana@example.com' });
    const button = within(detail).getByRole('button', { name: 'Send digest now' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(
      button.getAttribute('aria-describedby') &&
        document.getElementById(button.getAttribute('aria-describedby')!)?.textContent,
    ).toBe(reason);
  });

  it('shows the unsubscribe link read-only, and the link itself when copying fails', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    const execCommand = document.execCommand;
    document.execCommand = () => false;
    onTestFinished(() => {
      document.execCommand = execCommand;
    });
    renderTab({ 'GET /api/subscriptions/admin': listOf([makeAdminSubscriber()]) });
    fireEvent.click(await screen.findByRole('button', { name: /ana@example\.com/ }));
    const detail = screen.getByRole('article', { name: 'ana@example.com' });
    const link = within(detail).getByLabelText('Unsubscribe link') as HTMLInputElement;
    expect(link.readOnly).toBe(true);
    await act(async () => fireEvent.click(within(detail).getByRole('button', { name: 'Copy link' })));
    await waitFor(() =>
      expect(within(detail).getByRole('alert').textContent).toContain(
        'http://localhost/api/subscriptions/unsubscribe/tok',
      ),
    );
  });

  it('runs the batch digest and reports its counts', async () => {
    renderTab({
      'GET /api/subscriptions/admin': listOf([]),
      'POST /api/subscriptions/admin/run-digest': () =>
        json({ result: { processed: 4, sent: 3, skipped: 1, searches: 2 } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Run batch digest' }));
    await screen.findByText('Digest batch finished: 4 processed, 3 sent, 1 skipped.');
  });

  it('shows the double opt-in state', async () => {
    renderTab({
      'GET /api/subscriptions/admin': () =>
        json({
          ok: true,
          pages: 1,
          page: 1,
          total: 1,
          stats: { ...STATS, pending: 1 },
          subscriptions: [makeAdminSubscriber({ is_active: false, confirmed: false, status: 'pending' })],
        }),
    });
    const row = await screen.findByRole('button', { name: /ana@example\.com/ });
    expect(within(row).getByText('Awaiting confirmation')).toBeTruthy();
    expect([...(screen.getByLabelText('Status') as HTMLSelectElement).options].map((option) => option.value)).toContain(
      'pending',
    );
    fireEvent.click(row);
    expect(
      (
        within(screen.getByRole('article', { name: 'ana@example.com' })).getByRole('button', {
          name: 'Activate',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });
});
