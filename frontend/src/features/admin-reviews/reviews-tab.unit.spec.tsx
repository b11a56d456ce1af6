import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { json, stubApi, type Handler } from '../../testing/fake-api.ts';
import { fakeIo, lastSocket, resetFakeSockets } from '../../testing/fake-socket.ts';
import type { AdminReview } from '@evently/reviews/contracts';
import { usePendingReviewCount } from './api.ts';
import { reviewHeading } from './messages.ts';
import { ReviewsTab } from './reviews-tab.tsx';

vi.mock('socket.io-client', () => ({
  io: (namespace: string, options: Record<string, unknown>) => fakeIo(namespace, options),
}));

function makeReview(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id: 'r1',
    event_id: 7,
    event: { id: 7, slug: '7-jazz', name: 'Jazz Night', city: 'Lisbon', country: 'Portugal' },
    event_name: null,
    event_link: null,
    user_name: 'Ana',
    user_email: 'ana@example.com',
    rating: 4,
    title: 'Lovely',
    comment: 'Great music.',
    attended: true,
    status: 'pending',
    admin_notes: null,
    created_at: '2025-07-04T10:00:00.000Z',
    updated_at: '2025-07-04T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

function Badge() {
  const pending = usePendingReviewCount(true);
  return <p data-testid="badge">{pending ?? 'none'}</p>;
}

function renderTab(routes: Record<string, Handler>) {
  const api = stubApi(routes);
  render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <Badge />
        <ReviewsTab />
      </MemoryRouter>
    </Provider>,
  );
  return api;
}

beforeEach(() => resetFakeSockets());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const byStatus =
  (lists: Partial<Record<string, AdminReview[]>>): Handler =>
  (request) =>
    json({ reviews: lists[new URL(request.url).searchParams.get('status') ?? ''] ?? [] });

describe('Reviews tab (Reviews Moderation)', () => {
  it("falls back to 'Review by {name}' without a title", () => {
    expect(reviewHeading({ title: null, user_name: 'Bo' })).toBe('Review by Bo');
    expect(reviewHeading({ title: '  ', user_name: 'Bo' })).toBe('Review by Bo');
    expect(reviewHeading({ title: 'Nice', user_name: 'Bo' })).toBe('Nice');
  });

  it('shows the heading, status choices, loading and empty texts', async () => {
    renderTab({ 'GET /api/admin/reviews': byStatus({}) });
    expect(screen.getByRole('heading', { name: 'Reviews Moderation' })).toBeTruthy();
    expect(screen.getByText('Loading reviews...')).toBeTruthy();
    expect(await screen.findByText('No reviews found')).toBeTruthy();
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((option) => option.text)).toEqual(['Pending', 'Approved', 'Rejected', 'All']);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('shows a review with its stars, badge, people, event link and actions', async () => {
    renderTab({ 'GET /api/admin/reviews': byStatus({ pending: [makeReview({ title: null })] }) });
    const item = await screen.findByRole('article', { name: 'Review by Ana' });
    expect(within(item).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(within(item).getByText('Pending')).toBeTruthy();
    expect(within(item).getByText('ana@example.com')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'View Event' }).getAttribute('href')).toBe('/event/7');
    expect(
      within(item)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Approve', 'Reject', 'Delete']);
  });

  it('hides Approve on approved reviews and Reject on rejected ones, which show their reason', async () => {
    renderTab({
      'GET /api/admin/reviews': byStatus({
        all: [
          makeReview({ id: 'a', title: 'Yes', status: 'approved' }),
          makeReview({ id: 'b', title: 'No', status: 'rejected', admin_notes: 'Spam' }),
        ],
      }),
    });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    const approved = await screen.findByRole('article', { name: 'Yes' });
    expect(
      within(approved)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Reject', 'Delete']);
    const rejected = screen.getByRole('article', { name: 'No' });
    expect(
      within(rejected)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Approve', 'Delete']);
    expect(within(rejected).getByText('Reason: Spam')).toBeTruthy();
  });

  it("approving takes the review off the pending list, showing 'Approving...' meanwhile", async () => {
    let release: (response: Response) => void = () => undefined;
    let pending = [makeReview()];
    renderTab({
      'GET /api/admin/reviews': (request) => byStatus({ pending })(request),
      'POST /api/admin/reviews/r1/approve': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    const item = await screen.findByRole('article', { name: 'Lovely' });
    fireEvent.click(within(item).getByRole('button', { name: 'Approve' }));
    expect(await within(item).findByRole('button', { name: 'Approving...' })).toBeTruthy();
    pending = [];
    await act(async () => release(json({ review: makeReview({ status: 'approved' }) })));
    expect(await screen.findByText('No reviews found')).toBeTruthy();
  });

  it('rejects with the optional reason', async () => {
    const api = renderTab({
      'GET /api/admin/reviews': byStatus({ pending: [makeReview()] }),
      'POST /api/admin/reviews/r1/reject': () =>
        json({ review: makeReview({ status: 'rejected', admin_notes: 'Off topic' }) }),
    });
    const item = await screen.findByRole('article', { name: 'Lovely' });
    fireEvent.click(within(item).getByRole('button', { name: 'Reject' }));
    fireEvent.change(within(item).getByLabelText('Reason (optional)'), { target: { value: ' Off topic ' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('No reviews found')).toBeTruthy();
    expect(await api.calls('POST /api/admin/reviews/r1/reject')[0]!.json()).toEqual({ reason: 'Off topic' });
  });

  it.each([
    ['Approve', 'POST /api/admin/reviews/r1/approve', 'Approve failed'],
    ['Reject', 'POST /api/admin/reviews/r1/reject', 'Reject failed'],
    ['Delete', 'DELETE /api/admin/reviews/r1', 'Delete failed'],
  ])('%s failing alerts %j', async (button, call, text) => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderTab({
      'GET /api/admin/reviews': byStatus({ pending: [makeReview()] }),
      [call]: () => json({ error: 'nope' }, 500),
    });
    const item = await screen.findByRole('article', { name: 'Lovely' });
    fireEvent.click(within(item).getByRole('button', { name: button }));
    if (button === 'Reject') fireEvent.click(within(item).getByRole('button', { name: 'Reject' }));
    expect((await within(item).findByRole('alert')).textContent).toBe(text);
  });

  it('keeps the pending count live from the admin socket and refreshes the list on each push', async () => {
    let pending = [makeReview()];
    const api = renderTab({ 'GET /api/admin/reviews': (request) => byStatus({ pending })(request) });
    await screen.findByRole('article', { name: 'Lovely' });
    expect(screen.getByTestId('badge').textContent).toBe('1');
    const socket = lastSocket('/admin');
    expect(socket.options.withCredentials).toBe(true);
    act(() => socket.serverConnect(true));
    const before = api.calls('GET /api/admin/reviews').length;
    pending = [makeReview(), makeReview({ id: 'r2', title: 'Second' })];
    act(() => socket.emit('reviews:pending', { pending: 2 }));
    expect(screen.getByTestId('badge').textContent).toBe('2');
    expect(await screen.findByRole('article', { name: 'Second' })).toBeTruthy();
    expect(api.calls('GET /api/admin/reviews').length).toBeGreaterThan(before);
  });
});
