import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { json, networkFailure, stubApi, type Handler } from '../../testing/fake-api.ts';
import type { PublicReview } from '@evently/reviews/contracts';
import { ReviewsPage } from './reviews-page.tsx';
import { WriteReviewPage } from './write-review-page.tsx';
import { reviewFormProblem, submitArgs, EMPTY_REVIEW_FORM } from './review-form-rules.ts';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  const store = createStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/reviews" element={<ReviewsPage />} />
          <Route path="/reviews/write" element={<WriteReviewPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const where = () => screen.getByTestId('where').textContent;

function review(overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id: 'r1',
    event_id: 7,
    event: { id: 7, slug: '7-jazz-night', name: 'Jazz Night', city: 'Lisbon', country: 'Portugal' },
    event_name: null,
    event_link: null,
    user_name: 'Ana',
    rating: 4,
    title: 'Lovely',
    comment: 'Great music.',
    attended: true,
    status: 'approved',
    created_at: '2025-07-04T10:00:00.000Z',
    ...overrides,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('review form rules (spec 02 §5)', () => {
  it('asks for name, email and rating first, then the event name when no event is chosen', () => {
    expect(reviewFormProblem(EMPTY_REVIEW_FORM, true)).toBe('Please provide name, email and rating');
    const filled = { ...EMPTY_REVIEW_FORM, userName: 'A', email: 'a@b.co', rating: 3 };
    expect(reviewFormProblem({ ...filled, rating: 0 }, true)).toBe('Please provide name, email and rating');
    expect(reviewFormProblem({ ...filled, userName: '   ' }, true)).toBe('Please provide name, email and rating');
    expect(reviewFormProblem(filled, true)).toBeNull();
    expect(reviewFormProblem(filled, false)).toBe('Please provide the event name');
    expect(reviewFormProblem({ ...filled, eventName: 'Jazz' }, false)).toBeNull();
  });

  it('trims the event link and leaves it out when blank', () => {
    const filled = {
      ...EMPTY_REVIEW_FORM,
      userName: ' A ',
      email: 'a@b.co',
      rating: 3,
      eventName: ' Jazz ',
      eventLink: '  /event/12  ',
    };
    expect(submitArgs(filled, undefined).body).toMatchObject({
      user_name: 'A',
      event_name: 'Jazz',
      event_link: '/event/12',
      website: '',
    });
    expect(submitArgs({ ...filled, eventLink: '  ' }, undefined).body).not.toHaveProperty('event_link');
    expect(submitArgs(filled, '12')).toMatchObject({ eventId: '12' });
  });
});

describe('write review page', () => {
  const withEvent: Record<string, Handler> = {
    'GET /api/events/12': () => json({ id: 12, name: 'Jazz Night', slug: '12-jazz-night' }),
  };

  it("shows 'for {event name}' with an eventId, the note, and no event fields", async () => {
    stubApi(withEvent);
    renderAt('/reviews/write?eventId=12');
    expect(screen.getByRole('heading', { name: 'Write a Review' })).toBeTruthy();
    await screen.findByText('Jazz Night');
    expect(screen.getByText('for', { exact: false }).textContent).toBe('for Jazz Night');
    expect(screen.getByText('Your review will appear after moderation.')).toBeTruthy();
    expect(screen.queryByLabelText('Event Name *')).toBeNull();
    expect((screen.getByLabelText('Email *') as HTMLInputElement).type).toBe('email');
    expect(screen.getByRole('link', { name: '← Back to Events' }).getAttribute('href')).toBe('/');
  });

  it('keeps the form working when the event cannot be read, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ 'GET /api/events/12': () => json({ error: 'Event not found' }, 404) });
    renderAt('/reviews/write?eventId=12');
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeTruthy();
  });

  it('alerts instead of sending when required fields are missing', async () => {
    const api = stubApi({});
    renderAt('/reviews/write');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(screen.getByRole('alert').textContent).toBe('Please provide name, email and rating');
    fireEvent.change(screen.getByLabelText('Your Name *'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Email *'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(screen.getByRole('alert').textContent).toBe('Please provide the event name');
    expect(api.requests).toHaveLength(0);
  });

  it('operates the stars from the keyboard and previews on hover', () => {
    stubApi({});
    renderAt('/reviews/write');
    const stars = screen.getAllByRole('radio');
    expect(stars).toHaveLength(5);
    expect(stars.map((star) => star.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    fireEvent.keyDown(stars[0]!, { key: 'ArrowRight' });
    expect(stars[0]!.getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(stars[0]!, { key: 'ArrowRight' });
    expect(stars[1]!.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(stars[1]);
    fireEvent.keyDown(stars[1]!, { key: 'End' });
    expect(stars[4]!.getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(stars[4]!, { key: 'ArrowLeft' });
    expect(stars[3]!.getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(stars[3]!, { key: '2' });
    expect(stars[1]!.getAttribute('aria-checked')).toBe('true');
    expect(stars.map((star) => star.tabIndex)).toEqual([-1, 0, -1, -1, -1]);
    fireEvent.keyDown(stars[1]!, { key: 'Home' });
    expect(stars[0]!.getAttribute('aria-checked')).toBe('true');
    fireEvent.mouseEnter(stars[3]!);
    expect(screen.getByText('4 of 5')).toBeTruthy();
    expect(stars.filter((star) => star.className.includes('--on'))).toHaveLength(4);
    fireEvent.mouseLeave(stars[3]!.parentElement!);
    expect(screen.getByText('1 of 5')).toBeTruthy();
  });

  async function fillAndSubmit() {
    fireEvent.change(screen.getByLabelText('Your Name *'), { target: { value: ' Ana ' } });
    fireEvent.change(screen.getByLabelText('Email *'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Lovely' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
  }

  it('sends the review for the event, toasts and returns to the event page', async () => {
    let release: (response: Response) => void = () => undefined;
    const api = stubApi({
      ...withEvent,
      'POST /api/events/12/reviews': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    const store = renderAt('/reviews/write?eventId=12');
    await screen.findByText('Jazz Night');
    await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Submitting…' })).toBeTruthy();
    await act(async () => release(json({ review: {}, message: 'ok' }, 201)));
    await waitFor(() => expect(where()).toBe('/events/12-jazz-night'));
    const body = (await api.calls('POST /api/events/12/reviews')[0]!.json()) as Record<string, unknown>;
    expect(body).toEqual({
      user_name: 'Ana',
      user_email: 'ana@example.com',
      rating: 4,
      title: 'Lovely',
      comment: '',
      attended: true,
      website: '',
    });
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
      'Thanks! Your review was submitted and will appear after moderation.',
    ]);
  });

  it.each([
    [
      'the server error',
      () => json({ error: 'Too many reviews from your network, please try again later.' }, 429),
      'Too many reviews from your network, please try again later.',
    ],
    ['a failure without text', () => json(null, 500), 'Failed to submit review'],
    ['no connection', networkFailure, 'Failed to submit review'],
  ])('alerts %s and stays on the form', async (_label, answer, text) => {
    stubApi({ 'POST /api/reviews': answer });
    renderAt('/reviews/write');
    fireEvent.change(screen.getByLabelText('Event Name *'), { target: { value: 'Jazz' } });
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(where()).toBe('/reviews/write');
  });

  it('Cancel goes back to /reviews without an event', () => {
    stubApi({});
    renderAt('/reviews/write');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(where()).toBe('/reviews');
  });

  it('keeps the honeypot out of reach', () => {
    stubApi({});
    renderAt('/reviews/write');
    const trap = document.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});

describe('reviews list page', () => {
  it("says 'No reviews yet.' when there are none, and when the list fails", async () => {
    stubApi({ 'GET /api/reviews': () => json({ error: 'boom' }, 500) });
    renderAt('/reviews');
    expect(screen.getByRole('heading', { name: 'Event Reviews' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write Review' }).getAttribute('href')).toBe('/reviews/write');
    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
  });

  it('shows cards with the fallback title, stars, by-line and the event links', async () => {
    stubApi({
      'GET /api/reviews': () =>
        json({
          reviews: [
            review(),
            review({
              id: 'r2',
              title: null,
              // An embed without its slug (the page links by id then): the list must survive the gap.
              event: { id: 8, slug: null as unknown as string, name: 'Fado', city: null, country: 'Portugal' },
              event_id: 8,
            }),
            review({
              id: 'r3',
              title: 'Free',
              event: null,
              event_id: null,
              event_name: 'Garden Party',
              event_link: 'https://example.com/party',
            }),
          ],
          pagination: { page: 1, pages: 1 },
        }),
    });
    renderAt('/reviews');
    const first = await screen.findByRole('article', { name: 'Lovely' });
    expect(first.textContent).toContain('by Ana');
    expect(screen.getAllByRole('img', { name: 'Rated 4 out of 5' })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Jazz Night' }).getAttribute('href')).toBe('/events/7-jazz-night');
    expect(first.textContent).toContain('Lisbon, Portugal');
    expect(screen.getByRole('article', { name: 'Review' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fado' }).getAttribute('href')).toBe('/event/8');
    const outside = screen.getByRole('link', { name: /Garden Party/ });
    expect(outside.getAttribute('href')).toBe('https://example.com/party');
    expect(outside.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('navigation', { name: 'Reviews pages' })).toBeNull();
  });

  it('shows Prev / Page x of y / Next only past one page, and asks 20 a page', async () => {
    const api = stubApi({
      'GET /api/reviews': (request) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return json({
          reviews: [review({ id: `p${page}`, title: `Page ${page} review` })],
          pagination: { page, pages: 2 },
        });
      },
    });
    renderAt('/reviews');
    await screen.findByText('Page 1 review');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Prev' }) as HTMLButtonElement).disabled).toBe(true);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 review');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(where()).toBe('/reviews?page=2');
    expect(new URL(api.requests[0]!.url).searchParams.get('per_page')).toBe('20');
  });
});
