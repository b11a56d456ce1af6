/**
 * A small pool of search reader threads (see search-reader-thread.ts). Each request goes to the thread with
 * the fewest requests waiting, or to the one its words or area prefer while that one is not much busier
 * (reader-affinity.ts); a thread that dies fails its waiting requests and is replaced on the next
 * request. Threads start on first use and are unreferenced while idle, so an idle pool never keeps the
 * process alive; `close()` terminates them.
 */
import { Worker } from 'node:worker_threads';
import type { ReadCall, ReadReply, ReadRequest, ReaderThreadData } from './reader-protocol.ts';
import { SearchCursorError } from '@evently/platform';
import { affinityKey, chooseSlot, preferredSlot } from './reader-affinity.ts';

export interface ReaderPool {
  run(call: ReadCall): Promise<unknown>;
  close(): Promise<void>;
}

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Reader {
  worker: Worker;
  waiting: Map<number, Waiting>;
}

const THREAD_ENTRY = new URL('./search-reader.worker.mjs', import.meta.url);

export function createReaderPool({ size, ...data }: ReaderThreadData & { size: number }): ReaderPool {
  const readers: Array<Reader | null> = Array.from({ length: size }, () => null);
  let nextId = 1;
  let closed = false;

  const start = (slot: number): Reader => {
    const worker = new Worker(THREAD_ENTRY, { workerData: data satisfies ReaderThreadData });
    const reader: Reader = { worker, waiting: new Map() };
    let failure: Error | null = null;
    worker.on('message', (reply: ReadReply) => {
      const waiting = reader.waiting.get(reply.id);
      if (!waiting) return;
      reader.waiting.delete(reply.id);
      if (reader.waiting.size === 0) worker.unref();
      if ('error' in reply)
        waiting.reject(
          reply.cursorError === undefined ? new Error(reply.error) : new SearchCursorError(reply.cursorError),
        );
      else waiting.resolve(reply.result);
    });
    worker.on('error', (error) => {
      failure = error;
    });
    worker.on('exit', (code) => {
      if (readers[slot] === reader) readers[slot] = null;
      const reason = closed
        ? new Error('Search index closed')
        : (failure ?? new Error(`Search reader thread stopped with exit code ${code}`));
      for (const waiting of reader.waiting.values()) waiting.reject(reason);
      reader.waiting.clear();
    });
    worker.unref();
    readers[slot] = reader;
    return reader;
  };

  /** The thread the read prefers (reader-affinity.ts) unless it is much busier than the least busy one. */
  const readerFor = (call: ReadCall): Reader => {
    const key = affinityKey(call);
    const waiting = readers.map((reader) => reader?.waiting.size ?? 0);
    const slot = chooseSlot(waiting, key === null ? null : preferredSlot(key, readers.length));
    return readers[slot] ?? start(slot);
  };

  return {
    run(call) {
      if (closed) return Promise.reject(new Error('Search index closed'));
      const reader = readerFor(call);
      const request: ReadRequest = { ...call, id: nextId++ };
      return new Promise((resolve, reject) => {
        reader.waiting.set(request.id, { resolve, reject });
        reader.worker.ref();
        reader.worker.postMessage(request);
      });
    },

    async close() {
      closed = true;
      await Promise.all(readers.map((reader) => reader?.worker.terminate()));
    },
  };
}
