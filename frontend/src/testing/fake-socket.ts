/**
 * A stand-in for a socket.io client socket in jsdom specs: records how it was opened and lets a test play the
 * server (connect, push, drop, refuse). Use with `vi.mock('socket.io-client', ...)` and `fakeIo`.
 */
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  readonly listeners = new Map<string, Listener[]>();
  recovered = false;
  active = true;
  connected = false;
  closed = false;

  constructor(
    readonly namespace: string,
    readonly options: Record<string, unknown>,
  ) {}

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  connect(): this {
    return this;
  }

  disconnect(): this {
    this.closed = true;
    this.connected = false;
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  /** The server accepts (or a reconnect succeeds); `recovered` says whether missed pushes were replayed. */
  serverConnect(recovered = false): void {
    this.recovered = recovered;
    this.connected = true;
    this.emit('connect');
  }

  serverDrop(reason = 'transport close'): void {
    this.connected = false;
    this.emit('disconnect', reason);
  }

  serverRefuse(): void {
    this.active = false;
    this.emit('connect_error', new Error('unauthorized'));
  }

  push(payload: unknown): void {
    this.emit('ticket', payload);
  }
}

export const fakeSockets: FakeSocket[] = [];

export function fakeIo(namespace: string, options: Record<string, unknown> = {}): FakeSocket {
  const socket = new FakeSocket(namespace, options);
  fakeSockets.push(socket);
  return socket;
}

export function lastSocket(namespace: string): FakeSocket {
  const socket = [...fakeSockets].reverse().find((candidate) => candidate.namespace === namespace && !candidate.closed);
  if (!socket) throw new Error(`no open socket on ${namespace}`);
  return socket;
}

export function resetFakeSockets(): void {
  fakeSockets.length = 0;
}
