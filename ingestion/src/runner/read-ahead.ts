/**
 * Asks for the next page while the current one is being written, so network latency overlaps the store's
 * work instead of adding to it. Only one page is ever held ahead; it is simply dropped if the run stops,
 * because the checkpoint only ever points past pages that were written.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let pending = iterator.next();
  let finished = false;
  try {
    for (;;) {
      const result = await pending;
      if (result.done) {
        finished = true;
        return;
      }
      pending = iterator.next();
      // Its failure is reported when it is awaited on the next turn; until then it must not count as unhandled.
      pending.catch(() => undefined);
      yield result.value;
    }
  } finally {
    if (!finished) {
      // The consumer stopped early: let the request in flight settle, then close the source.
      void pending.then(
        () => iterator.return?.(),
        () => undefined,
      );
    }
  }
}
