import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIo, fakeSockets, resetFakeSockets } from '../../testing/fake-socket.ts';
import { createLiveConnections, type LiveState, type LiveSubscriber } from './live-connections.ts';

vi.mock('socket.io-client', () => ({
  io: (namespace: string, options: Record<string, unknown>) => fakeIo(namespace, options),
}));

const ADMIN = { namespace: '/admin', withCredentials: true };

function subscriber(event?: string) {
  const states: LiveState[] = [];
  const pushes: unknown[] = [];
  const calls = { fresh: 0, refused: 0 };
  const handlers: LiveSubscriber<unknown> = {
    ...(event ? { event } : {}),
    onPush: (push) => pushes.push(push),
    onFreshSession: () => (calls.fresh += 1),
    onStateChange: (state) => states.push(state),
    onRefused: () => (calls.refused += 1),
  };
  return { handlers, states, pushes, calls };
}

afterEach(() => resetFakeSockets());

describe('live connections', () => {
  it('opens one socket per namespace and hands each subscriber its own event', async () => {
    const live = createLiveConnections();
    const tickets = subscriber();
    const reviews = subscriber('reviews:pending');
    live.subscribe(ADMIN, tickets.handlers);
    live.subscribe(ADMIN, reviews.handlers);
    expect(fakeSockets).toHaveLength(1);
    await Promise.resolve();
    const socket = fakeSockets[0]!;
    socket.serverConnect(false);
    socket.push({ ticket_number: 'TT-1' });
    socket.emit('reviews:pending', { pending: 2 });
    expect(tickets.pushes).toEqual([{ ticket_number: 'TT-1' }]);
    expect(reviews.pushes).toEqual([{ pending: 2 }]);
    expect([tickets.calls.fresh, reviews.calls.fresh]).toEqual([1, 1]);
    expect(tickets.states).toEqual(['connecting', 'connected']);
  });

  it('tells a subscriber joining a connected socket to read again, since it may have missed pushes', async () => {
    const live = createLiveConnections();
    live.subscribe(ADMIN, subscriber().handlers);
    fakeSockets[0]!.serverConnect(true);
    const late = subscriber();
    const subscription = live.subscribe(ADMIN, {
      ...late.handlers,
      // The subscription is usable from the first state it is told.
      onStateChange: (state) => {
        late.states.push(state);
        subscription.emit('presence:announce', null);
      },
    });
    await Promise.resolve();
    expect(late.states).toEqual(['connected']);
    expect(late.calls.fresh).toBe(1);
  });

  it('keeps the socket until the last subscriber leaves, and opens a new one after', () => {
    const live = createLiveConnections();
    const first = live.subscribe(ADMIN, subscriber().handlers);
    const second = live.subscribe(ADMIN, subscriber().handlers);
    first.close();
    expect(fakeSockets[0]!.closed).toBe(false);
    second.close();
    expect(fakeSockets[0]!.closed).toBe(true);
    live.subscribe(ADMIN, subscriber().handlers);
    expect(fakeSockets).toHaveLength(2);
  });

  it('keeps connections with different credentials apart', () => {
    const live = createLiveConnections();
    live.subscribe({ namespace: '/tickets', auth: { ticket_number: 'TT-1', token: 'a' } }, subscriber().handlers);
    live.subscribe({ namespace: '/tickets', auth: { ticket_number: 'TT-2', token: 'b' } }, subscriber().handlers);
    expect(fakeSockets).toHaveLength(2);
  });

  it('reports a refusal to every subscriber and forgets the refused socket', () => {
    const live = createLiveConnections();
    const one = subscriber();
    const two = subscriber('reviews:pending');
    live.subscribe(ADMIN, one.handlers);
    live.subscribe(ADMIN, two.handlers);
    fakeSockets[0]!.serverRefuse();
    expect([one.calls.refused, two.calls.refused]).toEqual([1, 1]);
    expect(one.states.at(-1)).toBe('refused');
    live.subscribe(ADMIN, subscriber().handlers);
    expect(fakeSockets).toHaveLength(2);
  });

  it('reports reconnecting after a drop and sends only while connected', () => {
    const live = createLiveConnections();
    const watcher = subscriber();
    const subscription = live.subscribe(ADMIN, watcher.handlers);
    const socket = fakeSockets[0]!;
    const sent = vi.spyOn(socket, 'emit');
    subscription.emit('presence:announce', { ticket_number: null });
    expect(sent).not.toHaveBeenCalled();
    socket.serverConnect(true);
    subscription.emit('presence:announce', { ticket_number: null });
    expect(sent).toHaveBeenCalledWith('presence:announce', { ticket_number: null });
    socket.serverDrop();
    expect(watcher.states.at(-1)).toBe('reconnecting');
  });
});
