/**
 * Remembers the outbox record ids (`_id` as text) this process is about to commit, so the change stream's report of
 * the same inserts can be told apart from other processes' commits. An entry whose event never comes (the
 * commit failed, or the stream was not open yet) is forgotten after `ttlMs`.
 */
export interface LocalCommitFilter {
  expect(seqs: string[], now?: number): void;
  /** True (once) when `seq` was registered by this process; the entry is consumed. */
  consume(seq: string): boolean;
  clear(): void;
}

export function createLocalCommitFilter(ttlMs: number): LocalCommitFilter {
  const registered = new Map<string, number>();
  return {
    expect(seqs, now = Date.now()) {
      for (const [seq, at] of registered) if (now - at > ttlMs) registered.delete(seq);
      for (const seq of seqs) registered.set(seq, now);
    },
    consume: (seq) => registered.delete(seq),
    clear: () => registered.clear(),
  };
}
