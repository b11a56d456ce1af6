/**
 * A first-come-first-served async lock. The embedded store keeps one write connection, and better-sqlite3
 * allows only one open transaction per connection; because `DocumentStore.transaction` takes an async
 * callback, two callers could otherwise interleave their statements inside one SQLite transaction.
 */
export class AsyncMutex {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  async acquire(): Promise<() => void> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    return release;
  }
}
