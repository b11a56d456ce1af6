/**
 * One live socket.io connection with the rules every live view shares (decision 013):
 * - a connect whose session was not recovered (the first one, or a reconnect past the server's recovery
 *   window) asks the caller to refetch, because pushes may have been missed meanwhile;
 * - a socket that was connected and dropped reports 'reconnecting' until it is back;
 * - a refusal ('unauthorized') is final: socket.io does not retry a middleware refusal, and the caller decides
 *   what it means (the admin session ended, the ticket's token is wrong).
 */
import { io, type Socket } from 'socket.io-client';

export type LiveState = 'connecting' | 'connected' | 'reconnecting' | 'refused';

export interface LiveSocketOptions<Push> {
  namespace: string;
  auth?: Record<string, string>;
  /** Sends the session cookie (the admin namespace). */
  withCredentials?: boolean;
  /** The socket.io event whose payloads reach `onPush`; ticket changes unless told otherwise. */
  event?: string;
  onPush(push: Push): void;
  onFreshSession(): void;
  onStateChange(state: LiveState): void;
  onRefused?(): void;
  /** Other events of the namespace (presence, typing), each with its own handler. */
  listeners?: Record<string, (payload: unknown) => void>;
}

export interface LiveSocket {
  /** Sends an event to the server while connected; dropped otherwise (the caller repeats its state on connect). */
  emit(event: string, payload: unknown): void;
  close(): void;
}

/** The event name both namespaces push ticket changes under. */
export const TICKET_EVENT = 'ticket';

export function openLiveSocket<Push>(options: LiveSocketOptions<Push>): LiveSocket {
  const socket: Socket = io(options.namespace, {
    auth: options.auth,
    withCredentials: options.withCredentials ?? false,
  });
  let wasConnected = false;
  let closed = false;

  options.onStateChange('connecting');

  socket.on('connect', () => {
    wasConnected = true;
    options.onStateChange('connected');
    if (!socket.recovered) options.onFreshSession();
  });

  socket.on('disconnect', (reason) => {
    if (closed) return;
    options.onStateChange(wasConnected ? 'reconnecting' : 'connecting');
    // The server hung up on purpose (a restart, a revoked session): socket.io leaves that to us. Trying once
    // more either recovers or ends in a refusal that the caller handles.
    if (reason === 'io server disconnect') socket.connect();
  });

  socket.on('connect_error', (error: Error) => {
    if (closed) return;
    if (error.message === 'unauthorized' || !socket.active) {
      options.onStateChange('refused');
      options.onRefused?.();
      return;
    }
    options.onStateChange(wasConnected ? 'reconnecting' : 'connecting');
  });

  socket.on(options.event ?? TICKET_EVENT, (push: Push) => {
    if (!closed) options.onPush(push);
  });

  for (const [event, handler] of Object.entries(options.listeners ?? {})) {
    socket.on(event, (payload: unknown) => {
      if (!closed) handler(payload);
    });
  }

  return {
    emit(event, payload) {
      if (!closed && socket.connected) socket.emit(event, payload);
    },
    close() {
      closed = true;
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
