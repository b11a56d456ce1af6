/**
 * The client's live socket.io connections: one per namespace (and credential), shared by every view that
 * follows it, opened by the first subscriber and closed with the last. The rules every live view shares
 * (decision 013):
 * - a connect whose session was not recovered (the first one, or a reconnect past the server's recovery
 *   window) asks each subscriber to refetch, because pushes may have been missed meanwhile; so does joining a
 *   connection that is already up, since the subscriber read its data before it listened;
 * - a socket that was connected and dropped reports 'reconnecting' until it is back;
 * - a refusal ('unauthorized') is final: socket.io does not retry a middleware refusal, and each subscriber
 *   decides what it means (the admin session ended, the ticket's token is wrong).
 */
import { SUPPORT_LIVE_EVENTS } from '@evently/support/contracts';
import { io, type Socket } from 'socket.io-client';

export type LiveState = 'connecting' | 'connected' | 'reconnecting' | 'refused';

/** Which connection: the namespace, with what it authenticates by. */
export interface LiveChannel {
  namespace: string;
  auth?: Record<string, string>;
  /** Sends the session cookie (the admin namespace). */
  withCredentials?: boolean;
}

export interface LiveSubscriber<Push> {
  /** The socket.io event whose payloads reach `onPush`; ticket changes unless told otherwise. */
  event?: string;
  onPush(push: Push): void;
  onFreshSession(): void;
  onStateChange(state: LiveState): void;
  onRefused?(): void;
  /** Other events of the namespace (presence, typing), each with its own handler. */
  listeners?: Record<string, (payload: unknown) => void>;
}

export interface LiveSubscription {
  /** Sends an event to the server while connected; dropped otherwise (the caller repeats its state on connect). */
  emit(event: string, payload: unknown): void;
  /** Stops this subscriber's callbacks; the connection closes when no subscriber is left. */
  close(): void;
}

export interface LiveConnections {
  subscribe<Push>(channel: LiveChannel, subscriber: LiveSubscriber<Push>): LiveSubscription;
}

type Handlers = Map<string, (payload: unknown) => void>;

interface Member {
  subscriber: LiveSubscriber<unknown>;
  handlers: Handlers;
}

function handlersOf(subscriber: LiveSubscriber<unknown>): Handlers {
  const handlers: Handlers = new Map(Object.entries(subscriber.listeners ?? {}));
  handlers.set(subscriber.event ?? SUPPORT_LIVE_EVENTS.ticket, (payload) => subscriber.onPush(payload));
  return handlers;
}

function keyOf(channel: LiveChannel): string {
  return JSON.stringify([channel.namespace, channel.auth ?? null, channel.withCredentials ?? false]);
}

/** One socket and the subscribers it fans out to. */
function openConnection(channel: LiveChannel, onEnded: () => void) {
  const socket: Socket = io(channel.namespace, {
    auth: channel.auth,
    withCredentials: channel.withCredentials ?? false,
  });
  const members = new Set<Member>();
  const events = new Set<string>();
  let state: LiveState = 'connecting';
  let wasConnected = false;
  let ended = false;

  const each = (act: (subscriber: LiveSubscriber<unknown>) => void) => {
    for (const member of [...members]) if (members.has(member)) act(member.subscriber);
  };
  const setState = (next: LiveState) => {
    state = next;
    each((subscriber) => subscriber.onStateChange(next));
  };
  const end = () => {
    ended = true;
    socket.removeAllListeners();
    socket.disconnect();
    onEnded();
  };
  const listen = (event: string) => {
    if (events.has(event)) return;
    events.add(event);
    socket.on(event, (payload: unknown) => {
      for (const member of [...members]) if (members.has(member)) member.handlers.get(event)?.(payload);
    });
  };

  socket.on('connect', () => {
    wasConnected = true;
    setState('connected');
    if (!socket.recovered) each((subscriber) => subscriber.onFreshSession());
  });

  socket.on('disconnect', (reason) => {
    if (ended) return;
    setState(wasConnected ? 'reconnecting' : 'connecting');
    // The server hung up on purpose (a restart, a revoked session): socket.io leaves that to us. Trying once
    // more either recovers or ends in a refusal that the subscribers handle.
    if (reason === 'io server disconnect') socket.connect();
  });

  socket.on('connect_error', (error: Error) => {
    if (ended) return;
    if (error.message === 'unauthorized' || !socket.active) {
      setState('refused');
      const refused = [...members];
      members.clear();
      end();
      for (const member of refused) member.subscriber.onRefused?.();
      return;
    }
    setState(wasConnected ? 'reconnecting' : 'connecting');
  });

  return {
    join(subscriber: LiveSubscriber<unknown>): LiveSubscription {
      const member: Member = { subscriber, handlers: handlersOf(subscriber) };
      members.add(member);
      for (const event of member.handlers.keys()) listen(event);
      // Told after subscribe() has returned, so the subscriber's callbacks may already use its subscription.
      queueMicrotask(() => {
        if (!members.has(member)) return;
        subscriber.onStateChange(state);
        if (state === 'connected') subscriber.onFreshSession();
      });
      return {
        emit(event, payload) {
          if (!ended && members.has(member) && socket.connected) socket.emit(event, payload);
        },
        close() {
          if (!members.delete(member)) return;
          if (members.size === 0 && !ended) end();
        },
      };
    },
  };
}

/** A set of shared connections; each store holds one, so a page opens one socket per namespace. */
export function createLiveConnections(): LiveConnections {
  const open = new Map<string, ReturnType<typeof openConnection>>();
  return {
    subscribe<Push>(channel: LiveChannel, subscriber: LiveSubscriber<Push>): LiveSubscription {
      const key = keyOf(channel);
      let connection = open.get(key);
      if (!connection) {
        const created = openConnection(channel, () => {
          if (open.get(key) === created) open.delete(key);
        });
        open.set(key, created);
        connection = created;
      }
      return connection.join(subscriber as LiveSubscriber<unknown>);
    },
  };
}

/** What a store hands its cache lifecycles besides the query context: its live connections. */
export interface LiveContext {
  live: LiveConnections;
}

/** The store's live connections, from a cache lifecycle's `extra`. */
export function liveConnectionsOf(extra: unknown): LiveConnections {
  const live = (extra as Partial<LiveContext> | undefined)?.live;
  if (!live) throw new Error('This store was made without live connections (createStore makes them).');
  return live;
}
