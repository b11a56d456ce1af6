import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../store.ts';
import { fakeIo, fakeSockets, lastSocket, resetFakeSockets } from '../../../testing/fake-socket.ts';
import { json, networkFailure, stubApi, type Handler } from '../../../testing/fake-api.ts';
import { TICKET_ROW } from '../../../testing/ticket-row.ts';
import type { AdminTicket, AdminTicketSummary } from '../../../features/admin-tickets/api.ts';
import { AdminPage } from './admin-page.tsx';

vi.mock('socket.io-client', () => ({
  io: (namespace: string, options: Record<string, unknown>) => fakeIo(namespace, options),
}));

function makeTicket(overrides: Partial<AdminTicket> = {}): AdminTicket {
  return { ...TICKET_ROW, messages: [], ...overrides };
}

const summary = (ticket: AdminTicket): AdminTicketSummary => {
  const { messages: _messages, ...rest } = ticket;
  return rest;
};

const FIRST = makeTicket();
const SECOND = makeTicket({
  id: 'id-2',
  ticket_number: 'TT-2025-0002',
  user_name: 'Bo Berg',
  subject: 'Wrong venue shown',
  priority: 'low',
  status: 'in_progress',
  created_at: '2025-06-30T10:00:00.000Z',
});

const loggedIn: Record<string, Handler> = {
  'GET /api/admin/session': () => json({ authenticated: true }),
  'GET /api/support/tickets': () => json({ tickets: [summary(FIRST), summary(SECOND)] }),
  'GET /api/support/tickets/TT-2025-0001': () => json({ ticket: FIRST }),
  'GET /api/support/tickets/TT-2025-0002': () => json({ ticket: SECOND }),
};

function renderPanel() {
  const store = createStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/admin']}>
        <AdminPage />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

async function openTicket(subject: string) {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(subject) }));
  return screen.findByRole('article', { name: subject });
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  resetFakeSockets();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('admin login', () => {
  const loggedOut = { 'GET /api/admin/session': () => json({ authenticated: false, agent_name: null }) };

  it('shows the login card with a required password, a show/hide toggle, and Back to Events', async () => {
    stubApi(loggedOut);
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Admin Panel' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Admin Login' });
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.required).toBe(true);
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
    expect(screen.getByRole('button', { name: 'Back to Events' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it.each([
    ['a wrong password', () => json({ success: false, message: 'Invalid password' }, 401), 'Invalid password'],
    ['a 401 without a message', () => json(null, 401), 'Invalid password'],
    [
      'too many attempts',
      () => json({ success: false, message: 'Too many login attempts. Please wait 12 seconds and try again.' }, 429),
      'Too many login attempts. Please wait 12 seconds and try again.',
    ],
    ['no connection', networkFailure, 'Connection error. Please try again.'],
  ])('reports %s', async (_label, answer, text) => {
    stubApi({ ...loggedOut, 'POST /api/support/admin/login': answer });
    renderPanel();
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it("says 'Logging in...' while busy, then opens Support Tickets; only a flag is stored, never the password", async () => {
    let release: (response: Response) => void = () => undefined;
    const api = stubApi({
      ...loggedOut,
      ...loggedIn,
      'GET /api/admin/session': () => json({ authenticated: false, agent_name: null }),
      'POST /api/support/admin/login': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderPanel();
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(((await screen.findByRole('button', { name: 'Logging in...' })) as HTMLButtonElement).disabled).toBe(true);
    release(json({ success: true, message: 'Logged in' }));
    expect((await screen.findByRole('tab', { name: 'Support Tickets' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Support Tickets',
      'Blog Posts',
      'Subscribers',
      'Reviews',
      'Partnerships',
    ]);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(await api.calls('POST /api/support/admin/login')[0]?.json()).toEqual({ password: 'right-password' });
    expect(sessionStorage.getItem('evently.admin')).toBe('1');
    const stored = [...Object.values(localStorage), ...Object.values(sessionStorage)].join(' ');
    expect(stored).not.toContain('right-password');
  });

  it('asks for "Your name", sends it with the login, remembers it in this browser and shows it in the top bar', async () => {
    localStorage.setItem('evently.admin.agent-name', 'Ana');
    const api = stubApi({
      ...loggedIn,
      'GET /api/admin/session': () => json({ authenticated: false, agent_name: null }),
      'POST /api/support/admin/login': () =>
        json({ success: true, message: 'Login successful', agent_name: 'Ana Lopez' }),
    });
    renderPanel();
    const name = (await screen.findByLabelText(/Your name/)) as HTMLInputElement;
    expect(name.value).toBe('Ana');
    fireEvent.change(name, { target: { value: ' Ana Lopez ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('tab', { name: 'Support Tickets' });
    expect(await api.calls('POST /api/support/admin/login')[0]?.json()).toEqual({
      password: 'right-password',
      agent_name: 'Ana Lopez',
    });
    expect(localStorage.getItem('evently.admin.agent-name')).toBe('Ana Lopez');
    expect(screen.getByRole('banner').textContent).toContain('Signed in as Ana Lopez');
  });

  it('logs out through the server and returns to the login', async () => {
    const api = stubApi({ ...loggedIn, 'POST /api/support/admin/logout': () => json({ success: true }) });
    sessionStorage.setItem('evently.admin', '1');
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Admin Login' });
    expect(api.calls('POST /api/support/admin/logout')).toHaveLength(1);
    expect(sessionStorage.getItem('evently.admin')).toBeNull();
  });

  it('shows the login again when an admin call answers 401', async () => {
    let authenticated = true;
    stubApi({
      ...loggedIn,
      'GET /api/admin/session': () =>
        authenticated ? json({ authenticated: true }) : json({ authenticated: false, agent_name: null }),
      'GET /api/support/tickets': () => {
        authenticated = false;
        return json({ error: 'Admin login required' }, 401);
      },
    });
    renderPanel();
    await screen.findByRole('heading', { name: 'Admin Login' });
    expect(screen.queryByText(/samples/)).toBeNull();
  });

  it('sends any section whose call answers 401 to the login, says why, and comes back to that section', async () => {
    let authenticated = true;
    sessionStorage.setItem('evently.admin', '1');
    stubApi({
      ...loggedIn,
      'GET /api/admin/session': () =>
        authenticated ? json({ authenticated: true }) : json({ authenticated: false, agent_name: null }),
      'GET /api/blog/posts': () => {
        authenticated = false;
        return json({ error: 'Admin login required' }, 401);
      },
      'POST /api/support/admin/login': () => {
        authenticated = true;
        return json({ success: true, message: 'Logged in' });
      },
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('tab', { name: 'Blog Posts' }));
    await screen.findByRole('heading', { name: 'Admin Login' });
    expect(screen.getByText('Admin password missing (session expired). Please log in again.')).toBeTruthy();
    stubApi({
      ...loggedIn,
      'GET /api/blog/posts': () => json({ posts: [] }),
      'POST /api/support/admin/login': () => json({ success: true, message: 'Logged in' }),
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('tab', { name: 'Blog Posts' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No posts yet')).toBeTruthy();
  });

  it('opens one /admin socket for the whole panel', async () => {
    stubApi({ ...loggedIn, 'GET /api/admin/reviews': () => json({ reviews: [{ id: 'r1', status: 'pending' }] }) });
    renderPanel();
    await screen.findAllByRole('button', { name: /TT-2025-000/ });
    // The queue and the Reviews badge both follow the panel's connection once their data is in.
    await screen.findByText('(1 pending)', { exact: false });
    await act(async () => undefined);
    expect(fakeSockets.filter((socket) => socket.namespace === '/admin')).toHaveLength(1);
    const socket = lastSocket('/admin');
    act(() => socket.serverConnect(true));
    act(() => socket.emit('reviews:pending', { pending: 4 }));
    expect(await screen.findByText('(4 pending)', { exact: false })).toBeTruthy();
  });

  it('mounts the Reviews and Subscribers tabs', async () => {
    stubApi(loggedIn);
    renderPanel();
    fireEvent.click(await screen.findByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByRole('heading', { name: 'Reviews Moderation' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Subscribers' }));
    expect(await screen.findByRole('heading', { name: 'Subscribers' })).toBeTruthy();
  });
});

describe('tickets tab', () => {
  it("says 'Loading tickets...' and then lists rows newest first with the detail prompt", async () => {
    stubApi(loggedIn);
    renderPanel();
    expect(await screen.findByText('Loading tickets...')).toBeTruthy();
    const rows = await screen.findAllByRole('button', { name: /TT-2025-000/ });
    expect(rows.map((row) => within(row).getByText(/^TT-/).textContent)).toEqual(['TT-2025-0001', 'TT-2025-0002']);
    expect(within(rows[0] as HTMLElement).getByText('Ana Lopez')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('New')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('High')).toBeTruthy();
    expect(screen.getByText('Select a ticket to view details')).toBeTruthy();
  });

  it("says 'No tickets found' for an empty queue", async () => {
    stubApi({ ...loggedIn, 'GET /api/support/tickets': () => json({ tickets: [] }) });
    renderPanel();
    expect(await screen.findByText('No tickets found')).toBeTruthy();
  });

  it('searches subject, user name and number case-insensitively, and filters by status', async () => {
    stubApi(loggedIn);
    renderPanel();
    await screen.findAllByRole('button', { name: /TT-2025-000/ });
    const search = screen.getByPlaceholderText('Search tickets...');
    const visibleNumbers = () =>
      screen.queryAllByRole('button', { name: /TT-2025-000/ }).map((row) => within(row).getByText(/^TT-/).textContent);
    fireEvent.change(search, { target: { value: 'VENUE' } });
    expect(visibleNumbers()).toEqual(['TT-2025-0002']);
    fireEvent.change(search, { target: { value: 'ana lo' } });
    expect(visibleNumbers()).toEqual(['TT-2025-0001']);
    fireEvent.change(search, { target: { value: 'tt-2025-0002' } });
    expect(visibleNumbers()).toEqual(['TT-2025-0002']);
    fireEvent.change(search, { target: { value: '' } });
    const filter = screen.getByLabelText('Status filter');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Status', 'New', 'In Progress', 'Waiting for User', 'Resolved', 'Closed']);
    fireEvent.change(filter, { target: { value: 'in_progress' } });
    expect(visibleNumbers()).toEqual(['TT-2025-0002']);
    fireEvent.change(filter, { target: { value: 'closed' } });
    expect(screen.getByText('No tickets found')).toBeTruthy();
  });

  it('shows the selected ticket with its facts, message and the spec actions', async () => {
    stubApi(loggedIn);
    renderPanel();
    const detail = await openTicket('Refund for cancelled concert');
    expect(within(detail).getByText('TT-2025-0001')).toBeTruthy();
    expect(within(detail).getByText('Ana Lopez')).toBeTruthy();
    expect(within(detail).getByText('ana@example.com')).toBeTruthy();
    expect(within(detail).getByText('The show was cancelled. Who refunds me?')).toBeTruthy();
    for (const name of ['In Progress', 'Wait for User', 'Resolve', 'Close', 'Delete Ticket']) {
      expect(within(detail).getByRole('button', { name })).toBeTruthy();
    }
    await within(detail).findByText('No replies yet.');
  });

  it('keeps Send Reply disabled while the reply is blank after trimming', async () => {
    stubApi(loggedIn);
    renderPanel();
    const detail = await openTicket('Refund for cancelled concert');
    const send = within(detail).getByRole('button', { name: 'Send Reply' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(within(detail).getByLabelText('Send Reply'), { target: { value: '  \n ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(within(detail).getByLabelText('Send Reply'), {
      target: { value: 'Refunds come from the seller.' },
    });
    expect(send.disabled).toBe(false);
  });

  it("sends a reply as the team, says 'Sending...' while busy and shows it in the conversation", async () => {
    let release: (response: Response) => void = () => undefined;
    const api = stubApi({
      ...loggedIn,
      'POST /api/support/tickets/TT-2025-0001/messages': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderPanel();
    const detail = await openTicket('Refund for cancelled concert');
    fireEvent.change(within(detail).getByLabelText('Send Reply'), {
      target: { value: ' Refunds come from the seller. ' },
    });
    fireEvent.click(within(detail).getByRole('button', { name: 'Send Reply' }));
    expect(await within(detail).findByRole('button', { name: 'Sending...' })).toBeTruthy();
    const message = {
      sender_name: 'Support Team',
      message: 'Refunds come from the seller.',
      is_admin: true,
      created_at: '2025-07-01T11:00:00.000Z',
    };
    release(json({ ticket: makeTicket({ version: 2, messages_count: 1, messages: [message] }) }, 201));
    expect(await within(detail).findByText('Refunds come from the seller.')).toBeTruthy();
    expect(await api.calls('POST /api/support/tickets/TT-2025-0001/messages')[0]?.json()).toEqual({
      message: 'Refunds come from the seller.',
      is_admin: true,
      sender_name: 'Support Team',
    });
  });

  it.each([
    ['Resolve', 'PUT /api/support/tickets/TT-2025-0001/status', 'Failed to update ticket status'],
    ['Send Reply', 'POST /api/support/tickets/TT-2025-0001/messages', 'Failed to send reply'],
  ])('alerts when %s fails', async (button, route, text) => {
    stubApi({ ...loggedIn, [route]: () => json({ error: 'boom' }, 500) });
    renderPanel();
    const detail = await openTicket('Refund for cancelled concert');
    fireEvent.change(within(detail).getByLabelText('Send Reply'), { target: { value: 'Hello' } });
    fireEvent.click(within(detail).getByRole('button', { name: button }));
    expect((await within(detail).findByRole('alert')).textContent).toBe(text);
  });

  it('changes the status from the answer at once', async () => {
    const api = stubApi({
      ...loggedIn,
      'PUT /api/support/tickets/TT-2025-0001/status': () =>
        json({ ticket: makeTicket({ status: 'resolved', version: 2 }) }),
    });
    renderPanel();
    const detail = await openTicket('Refund for cancelled concert');
    fireEvent.click(within(detail).getByRole('button', { name: 'Resolve' }));
    await within(detail).findByText('Resolved', { selector: '.ticket-badge' });
    const body = (await api.calls('PUT /api/support/tickets/TT-2025-0001/status')[0]?.json()) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ status: 'resolved' });
    expect(body).not.toHaveProperty('admin_message');
  });

  it('sends the optional note with a status change, and nothing when it is blank', async () => {
    const api = stubApi({
      ...loggedIn,
      'PUT /api/support/tickets/TT-2025-0001/status': () =>
        json({ ticket: makeTicket({ status: 'resolved', version: 2 }) }),
    });
    renderPanel();
    const detail = await openTicket('Refund for cancelled concert');
    const note = within(detail).getByLabelText('Note with the status change (optional)');
    fireEvent.change(note, { target: { value: '  The seller refunded you today.  ' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Resolve' }));
    await within(detail).findByText('Resolved', { selector: '.ticket-badge' });
    const body = (await api.calls('PUT /api/support/tickets/TT-2025-0001/status')[0]?.json()) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ status: 'resolved', admin_message: 'The seller refunded you today.' });
    expect((note as HTMLInputElement).value).toBe('');
  });

  it('deletes only after confirmation, and alerts on failure', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const api = stubApi({
      ...loggedIn,
      'DELETE /api/support/tickets/id-1': () => json({ error: 'nope', message: 'nope' }, 500),
    });
    renderPanel();
    const detail = await openTicket('Refund for cancelled concert');
    fireEvent.click(within(detail).getByRole('button', { name: 'Delete Ticket' }));
    expect(api.calls('DELETE /api/support/tickets/id-1')).toHaveLength(0);
    fireEvent.click(within(detail).getByRole('button', { name: 'Delete Ticket' }));
    expect((await within(detail).findByRole('alert')).textContent).toBe('Failed to delete ticket');
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('removes a deleted ticket from the list', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubApi({ ...loggedIn, 'DELETE /api/support/tickets/id-1': () => json({ message: 'Ticket deleted' }) });
    renderPanel();
    const detail = await openTicket('Refund for cancelled concert');
    fireEvent.click(within(detail).getByRole('button', { name: 'Delete Ticket' }));
    await screen.findByText('Select a ticket to view details');
    expect(screen.queryByRole('button', { name: /Refund for cancelled concert/ })).toBeNull();
  });

  it('moves through the queue with j and k, opens the note box with n, and ignores the keys while typing', async () => {
    const note = {
      sender_name: 'Ana',
      message: 'Seller called back',
      is_admin: true,
      is_internal: true,
      created_at: '2025-07-01T11:00:00.000Z',
    };
    const api = stubApi({
      ...loggedIn,
      'POST /api/support/tickets/TT-2025-0001/messages': () =>
        json({ ticket: makeTicket({ version: 2, messages: [note] }) }, 201),
    });
    renderPanel();
    await screen.findAllByRole('button', { name: /TT-2025-000/ });
    fireEvent.keyDown(document.body, { key: 'j' });
    await screen.findByRole('article', { name: 'Refund for cancelled concert' });
    fireEvent.keyDown(document.body, { key: 'j' });
    await screen.findByRole('article', { name: 'Wrong venue shown' });
    fireEvent.keyDown(document.body, { key: 'k' });
    const detail = await screen.findByRole('article', { name: 'Refund for cancelled concert' });
    fireEvent.keyDown(document.body, { key: 'n' });
    const box = within(detail).getByLabelText('Internal note', { selector: 'textarea' });
    fireEvent.change(box, { target: { value: 'Seller called back' } });
    fireEvent.keyDown(box, { key: 'j' });
    expect(screen.getByRole('article', { name: 'Refund for cancelled concert' })).toBeTruthy();
    fireEvent.click(within(detail).getByRole('button', { name: 'Add note' }));
    expect(await within(detail).findByText('Internal note', { selector: '.timeline__note-label' })).toBeTruthy();
    expect(await api.calls('POST /api/support/tickets/TT-2025-0001/messages')[0]?.json()).toMatchObject({
      message: 'Seller called back',
      is_admin: true,
      is_internal: true,
    });
    fireEvent.keyDown(document.body, { key: '?' });
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });

  it('manages canned replies: lists them, adds one and deletes one after confirmation', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let replies = [{ id: 'c1', title: 'Refund', body: 'Hi {{name}}, refunds come from the seller.' }];
    const api = stubApi({
      ...loggedIn,
      'GET /api/support/canned-replies': () => json({ canned_replies: replies }),
      'POST /api/support/canned-replies': async (request) => {
        const body = (await request.clone().json()) as { title: string; body: string };
        const created = { id: 'c2', ...body };
        replies = [...replies, created];
        return json({ canned_reply: created }, 201);
      },
      'DELETE /api/support/canned-replies/c1': () => {
        replies = replies.filter((reply) => reply.id !== 'c1');
        return json({ message: 'Canned reply deleted' });
      },
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Canned replies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Canned replies' });
    await within(dialog).findByText('Refund', { selector: 'strong' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: ' Thanks ' } });
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Thanks for {{ticket_number}}.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add canned reply' }));
    await within(dialog).findByText('Thanks', { selector: 'strong' });
    expect(await api.calls('POST /api/support/canned-replies')[0]?.json()).toEqual({
      title: 'Thanks',
      body: 'Thanks for {{ticket_number}}.',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Refund' }));
    await waitFor(() => expect(within(dialog).queryByText('Refund', { selector: 'strong' })).toBeNull());
  });

  it('shows two marked sample tickets beside an error banner when the list fails, with actions disabled', async () => {
    stubApi({ ...loggedIn, 'GET /api/support/tickets': () => json({ error: 'down' }, 500) });
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toContain('samples');
    const rows = screen.getAllByRole('button', { name: /Sample/ });
    expect(rows).toHaveLength(2);
    rows.forEach((row) => expect(within(row).getByText('Sample', { selector: '.sample-badge' })).toBeTruthy());
    fireEvent.click(rows[0] as HTMLElement);
    const detail = await screen.findByRole('article');
    for (const name of ['In Progress', 'Wait for User', 'Resolve', 'Close', 'Delete Ticket']) {
      expect((within(detail).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    expect((within(detail).getByLabelText('Send Reply') as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('puts a pushed new ticket on top without reload and drops stale pushes', async () => {
    stubApi(loggedIn);
    renderPanel();
    await screen.findAllByRole('button', { name: /TT-2025-000/ });
    const socket = lastSocket('/admin');
    expect(socket.options.withCredentials).toBe(true);
    act(() => socket.serverConnect(true));
    const fresh = summary(
      makeTicket({
        id: 'id-3',
        ticket_number: 'TT-2025-0003',
        subject: 'Pushed ticket',
        created_at: '2025-07-02T10:00:00.000Z',
      }),
    );
    act(() =>
      socket.push({ change: 'opened', ticket_number: fresh.ticket_number, id: fresh.id, version: 1, ticket: fresh }),
    );
    await waitFor(() =>
      expect(
        screen.getAllByRole('button', { name: /TT-2025-000/ }).map((row) => within(row).getByText(/^TT-/).textContent),
      ).toEqual(['TT-2025-0003', 'TT-2025-0001', 'TT-2025-0002']),
    );
    const detail = await openTicket('Refund for cancelled concert');
    act(() =>
      socket.push({
        change: 'status_changed',
        ticket_number: 'TT-2025-0001',
        id: 'id-1',
        version: 3,
        ticket: summary(makeTicket({ status: 'closed', version: 3 })),
      }),
    );
    await within(detail).findByText('Closed', { selector: '.ticket-badge' });
    await act(async () =>
      socket.push({
        change: 'status_changed',
        ticket_number: 'TT-2025-0001',
        id: 'id-1',
        version: 2,
        ticket: summary(makeTicket({ status: 'in_progress', version: 2 })),
      }),
    );
    expect(within(detail).getByText('Closed', { selector: '.ticket-badge' })).toBeTruthy();
  });

  it('refetches the list when the socket connects without a recovered session', async () => {
    const api = stubApi(loggedIn);
    renderPanel();
    await screen.findAllByRole('button', { name: /TT-2025-000/ });
    const before = api.calls('GET /api/support/tickets').length;
    act(() => lastSocket('/admin').serverConnect(false));
    await waitFor(() => expect(api.calls('GET /api/support/tickets').length).toBe(before + 1));
    act(() => lastSocket('/admin').serverDrop());
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    act(() => lastSocket('/admin').serverConnect(true));
    await act(async () => undefined);
    expect(api.calls('GET /api/support/tickets').length).toBe(before + 1);
  });
});
