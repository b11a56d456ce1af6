import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { fakeIo, lastSocket, resetFakeSockets } from '../../testing/fake-socket.ts';
import { json, networkFailure, stubApi } from '../../testing/fake-api.ts';
import type { PublicTicketDetail } from '@evently/support/contracts';
import { SupportPage } from './support-page.tsx';
import { TOKENS_KEY, loadTicketToken } from './token-storage.ts';

vi.mock('socket.io-client', () => ({
  io: (namespace: string, options: Record<string, unknown>) => fakeIo(namespace, options),
}));

const NUMBER = 'TT-2025-0001';

function makeDetail(overrides: Partial<PublicTicketDetail> = {}): PublicTicketDetail {
  return {
    ticket_number: NUMBER,
    subject: 'Where are my tickets?',
    category: 'tickets_booking',
    priority: 'medium',
    status: 'new',
    created_at: '2025-07-01T10:00:00.000Z',
    updated_at: '2025-07-01T10:00:00.000Z',
    messages_count: 0,
    resolution: null,
    version: 1,
    description: 'I paid but got no e-mail.',
    messages: [],
    ...overrides,
  };
}

const baseRoutes = {
  'GET /api/support/faq': () => json({ faq: [{ question: 'Do you sell tickets?', answer: 'No, our partners do.' }] }),
  'GET /api/support/categories': () =>
    json({
      categories: [
        { value: 'general', label: 'General question' },
        { value: 'tickets_booking', label: 'Tickets & booking' },
      ],
    }),
};

let currentLocation = '';
function LocationProbe() {
  const location = useLocation();
  // Reported after each commit, which act() flushes before a test reads it.
  useEffect(() => {
    currentLocation = `${location.pathname}${location.search}${location.hash}`;
  });
  return null;
}

function renderPage(entry = '/support') {
  const store = createStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[entry]}>
        <SupportPage />
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

function fillContactForm() {
  fireEvent.change(screen.getByLabelText(/Your Name/), { target: { value: 'Ana' } });
  fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: 'ana@example.com' } });
  fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: 'Where are my tickets?' } });
  fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'I paid but got no e-mail.' } });
}

beforeEach(() => {
  localStorage.clear();
  resetFakeSockets();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('support page tabs', () => {
  it.each([
    ['#faq', 'FAQ'],
    ['#contact', 'Contact Support'],
    ['#search', 'Track Ticket'],
  ])('opens the tab named by %s', (hash, name) => {
    stubApi(baseRoutes);
    renderPage(`/support${hash}`);
    expect(screen.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name })).toBeTruthy();
  });

  it('moves between tabs with the arrow keys and updates the hash', () => {
    stubApi(baseRoutes);
    renderPage('/support');
    const faq = screen.getByRole('tab', { name: 'FAQ' });
    fireEvent.keyDown(faq, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Contact Support' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Contact Support' }));
    expect(currentLocation).toBe('/support#contact');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(currentLocation).toBe('/support#search');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'FAQ' }).getAttribute('aria-selected')).toBe('true');
  });

  it('lists the FAQ entries', async () => {
    stubApi(baseRoutes);
    renderPage('/support#faq');
    expect(await screen.findByText('Do you sell tickets?')).toBeTruthy();
    expect(screen.getByText('No, our partners do.')).toBeTruthy();
  });
});

describe('contact form', () => {
  it('has the spec labels, server categories and Medium as the default priority', async () => {
    stubApi(baseRoutes);
    renderPage('/support#contact');
    for (const label of [
      /Your Name/,
      /Email Address/,
      /^Phone$/,
      /Subject/,
      /^Category$/,
      /^Priority$/,
      /Description/,
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    await screen.findByRole('option', { name: 'Tickets & booking' });
    expect((screen.getByLabelText('Priority') as HTMLSelectElement).value).toBe('medium');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['Low', 'Medium', 'High', 'Urgent']),
    );
  });

  it('creates a ticket, keeps its token, then shows it on Track Ticket with the success text', async () => {
    const api = stubApi({
      ...baseRoutes,
      'POST /api/support/tickets': () =>
        json({ message: 'ok', ticket: makeDetail(), access_token: 'secret-token' }, 201),
      [`GET /api/support/tickets/${NUMBER}`]: () => json({ ticket: makeDetail() }),
    });
    renderPage('/support#contact');
    await screen.findByRole('option', { name: 'Tickets & booking' });
    fillContactForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeTruthy();

    expect(
      await screen.findByText('Support ticket created successfully! You will receive an email confirmation shortly.'),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Track Ticket' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Ticket Number') as HTMLInputElement).value).toBe(NUMBER);
    expect(loadTicketToken(NUMBER)).toBe('secret-token');
    expect(
      await screen.findByText('I paid but got no e-mail.', { selector: '.ticket-result__description p' }),
    ).toBeTruthy();

    const body = (await api.calls('POST /api/support/tickets')[0]?.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      user_name: 'Ana',
      user_email: 'ana@example.com',
      subject: 'Where are my tickets?',
      description: 'I paid but got no e-mail.',
      category: 'general',
      priority: 'medium',
      website: '',
    });
    expect(body.page_url).toMatch(/^http/);
    expect(Object.keys(body.browser_info as object)).toEqual(['userAgent', 'language', 'platform', 'screenResolution']);
    expect(api.calls(`GET /api/support/tickets/${NUMBER}`)[0]?.headers.get('X-Ticket-Token')).toBe('secret-token');
  });

  it('takes the created notice away once the visitor searches for another ticket', async () => {
    stubApi({
      ...baseRoutes,
      'POST /api/support/tickets': () =>
        json({ message: 'ok', ticket: makeDetail(), access_token: 'secret-token' }, 201),
      [`GET /api/support/tickets/${NUMBER}`]: () => json({ ticket: makeDetail() }),
      'GET /api/support/tickets/TT-2025-0999': () => json({ error: 'Ticket not found' }, 404),
    });
    renderPage('/support#contact');
    await screen.findByRole('option', { name: 'Tickets & booking' });
    fillContactForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    const created = 'Support ticket created successfully! You will receive an email confirmation shortly.';
    expect(await screen.findByText(created)).toBeTruthy();
    await screen.findByRole('button', { name: 'Search' });
    fireEvent.change(screen.getByLabelText('Ticket Number'), { target: { value: 'TT-2025-0999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('alert');
    expect(screen.queryByText(created)).toBeNull();
  });

  it("shows the server's error", async () => {
    stubApi({
      ...baseRoutes,
      'POST /api/support/tickets': () => json({ error: 'Please enter a valid email address' }, 400),
    });
    renderPage('/support#contact');
    fillContactForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
  });

  it('falls back to the spec text when the server gives none, and reports a network failure', async () => {
    let fail: () => Promise<Response> = async () => json(null, 500);
    stubApi({ ...baseRoutes, 'POST /api/support/tickets': () => fail() });
    renderPage('/support#contact');
    fillContactForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error creating support ticket');
    fail = networkFailure;
    fireEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Network error. Please try again.'));
  });

  it('keeps the honeypot empty, off-screen and out of the tab order', () => {
    stubApi(baseRoutes);
    renderPage('/support#contact');
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot?.value).toBe('');
    expect(honeypot?.tabIndex).toBe(-1);
    expect(honeypot?.getAttribute('autocomplete')).toBe('off');
    expect(honeypot?.closest('[aria-hidden="true"]')).toBeTruthy();
  });
});

describe('track ticket', () => {
  it('does nothing for an empty number', () => {
    const api = stubApi(baseRoutes);
    renderPage('/support#search');
    fireEvent.change(screen.getByLabelText('Ticket Number'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(api.requests.filter((request) => request.url.includes('/tickets'))).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows only the status and dates without a token', async () => {
    const api = stubApi({
      ...baseRoutes,
      [`GET /api/support/tickets/${NUMBER}`]: () => {
        const { ticket_number, status, created_at, updated_at } = makeDetail({ status: 'resolved' });
        return json({ ticket: { ticket_number, status, created_at, updated_at } });
      },
    });
    renderPage('/support#search');
    fireEvent.change(screen.getByLabelText('Ticket Number'), { target: { value: 'tt-2025-0001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Resolved')).toBeTruthy();
    expect(screen.getByRole('heading', { name: `Ticket ${NUMBER}` })).toBeTruthy();
    expect(screen.getByText('Last updated')).toBeTruthy();
    expect(screen.queryByText('Resolution')).toBeNull();
    expect(screen.queryByText('Messages')).toBeNull();
    expect(screen.queryByLabelText('Add a message')).toBeNull();
    expect(api.calls(`GET /api/support/tickets/${NUMBER}`)[0]?.headers.get('X-Ticket-Token')).toBeNull();
  });

  it.each([
    [json({ error: 'Ticket not found' }, 404), 'Ticket not found'],
    [json(null, 404), 'Ticket not found'],
    [json({ error: 'Too many lookups, try again later' }, 429), 'Too many lookups, try again later'],
  ])('shows the lookup failure', async (answer, text) => {
    stubApi({ ...baseRoutes, [`GET /api/support/tickets/${NUMBER}`]: () => answer });
    renderPage('/support#search');
    fireEvent.change(screen.getByLabelText('Ticket Number'), { target: { value: NUMBER } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it("says 'Error searching for ticket' when the server cannot be reached", async () => {
    stubApi({ ...baseRoutes, [`GET /api/support/tickets/${NUMBER}`]: networkFailure });
    renderPage('/support#search');
    fireEvent.change(screen.getByLabelText('Ticket Number'), { target: { value: NUMBER } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error searching for ticket');
  });

  it('opens the e-mail link: keeps the token, drops it from the address and looks the ticket up', async () => {
    const api = stubApi({
      ...baseRoutes,
      [`GET /api/support/tickets/${NUMBER}`]: () => json({ ticket: makeDetail() }),
    });
    renderPage(`/support?ticket=${NUMBER}&token=mail-token#search`);
    expect(screen.getByRole('tab', { name: 'Track Ticket' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByLabelText('Add a message');
    expect(JSON.parse(localStorage.getItem(TOKENS_KEY) ?? '{}')).toEqual({ [NUMBER]: 'mail-token' });
    expect(currentLocation).toBe('/support#search');
    expect(api.calls(`GET /api/support/tickets/${NUMBER}`)[0]?.headers.get('X-Ticket-Token')).toBe('mail-token');
  });

  it('follows the ticket live: a newer push updates the badge, an older one is dropped', async () => {
    localStorage.setItem(TOKENS_KEY, JSON.stringify({ [NUMBER]: 'secret' }));
    stubApi({ ...baseRoutes, [`GET /api/support/tickets/${NUMBER}`]: () => json({ ticket: makeDetail() }) });
    renderPage('/support#search');
    fireEvent.change(screen.getByLabelText('Ticket Number'), { target: { value: NUMBER } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByLabelText('Add a message');
    const socket = lastSocket('/tickets');
    expect(socket.options.auth).toEqual({ ticket_number: NUMBER, token: 'secret' });
    act(() => socket.serverConnect(true));
    const { description: _d, messages: _m, ...summary } = makeDetail();
    act(() =>
      socket.push({
        change: 'status_changed',
        ticket_number: NUMBER,
        version: 3,
        ticket: { ...summary, status: 'resolved', version: 3 },
      }),
    );
    await waitFor(() => expect(screen.getByText('Resolved', { selector: '.ticket-badge' })).toBeTruthy());
    await act(async () =>
      socket.push({
        change: 'status_changed',
        ticket_number: NUMBER,
        version: 2,
        ticket: { ...summary, status: 'in_progress', version: 2 },
      }),
    );
    expect(screen.getByText('Resolved', { selector: '.ticket-badge' })).toBeTruthy();
  });

  it('shows Reconnecting… while a connected socket is down', async () => {
    localStorage.setItem(TOKENS_KEY, JSON.stringify({ [NUMBER]: 'secret' }));
    stubApi({ ...baseRoutes, [`GET /api/support/tickets/${NUMBER}`]: () => json({ ticket: makeDetail() }) });
    renderPage('/support#search');
    fireEvent.change(screen.getByLabelText('Ticket Number'), { target: { value: NUMBER } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByLabelText('Add a message');
    const socket = lastSocket('/tickets');
    act(() => socket.serverConnect(true));
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    act(() => socket.serverDrop());
    expect(screen.getByText('Reconnecting…').getAttribute('role')).toBe('status');
    act(() => socket.serverConnect(true));
    expect(screen.queryByText('Reconnecting…')).toBeNull();
  });

  it('disables the follow-up button while the message is blank', async () => {
    localStorage.setItem(TOKENS_KEY, JSON.stringify({ [NUMBER]: 'secret' }));
    stubApi({ ...baseRoutes, [`GET /api/support/tickets/${NUMBER}`]: () => json({ ticket: makeDetail() }) });
    renderPage('/support#search');
    fireEvent.change(screen.getByLabelText('Ticket Number'), { target: { value: NUMBER } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const box = await screen.findByLabelText('Add a message');
    const send = screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'Any news?' } });
    expect(send.disabled).toBe(false);
  });

  it('offers no follow-up on a closed ticket', async () => {
    localStorage.setItem(TOKENS_KEY, JSON.stringify({ [NUMBER]: 'secret' }));
    stubApi({
      ...baseRoutes,
      [`GET /api/support/tickets/${NUMBER}`]: () => json({ ticket: makeDetail({ status: 'closed' }) }),
    });
    renderPage('/support#search');
    fireEvent.change(screen.getByLabelText('Ticket Number'), { target: { value: NUMBER } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Closed', { selector: '.ticket-badge' });
    expect(screen.queryByLabelText('Add a message')).toBeNull();
  });
});
