/**
 * A search reader thread: its own read-only connection to the index file, answering one request at a time.
 * Each request runs in one short read transaction: it sees every commit the owning connection made before
 * the request was sent (read-your-writes), reads the live version and that version's tables from the same
 * snapshot (a rebuild committing meanwhile cannot drop them under it), and holds no snapshot between requests.
 * Kept totals, sets and rows stay correct because, once `PRAGMA data_version` says another connection has
 * committed, each is checked against what the commits touched (write-scopes.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { createSearchReader } from './search-reader.ts';
import type { ReadReply, ReadRequest, ReaderThreadData } from './reader-protocol.ts';
import { SearchCursorError } from '@evently/platform';
import { MMAP_SIZE_PRAGMA } from '../memory-map.ts';

const port = parentPort;
if (!port) throw new Error('search-reader-thread.ts runs only as a worker thread');
const { file, commonTextDocuments } = workerData as ReaderThreadData;

const db = openReadOnly(file);
db.pragma('busy_timeout = 5000');
db.pragma('temp_store = MEMORY');
db.pragma('cache_size = -65536');
db.pragma(MMAP_SIZE_PRAGMA);
const reader = createSearchReader(db, commonTextDocuments);

const answer = db.transaction((request: ReadRequest): unknown => {
  switch (request.method) {
    case 'search':
      // As JSON text: one string crosses to the main thread instead of a structured clone of every hit.
      return reader.searchJson(request.index, request.query);
    case 'fragments':
      // Already text: the fragments cross as strings, with the page's ids, distances and cursor.
      return reader.searchFragments(request.index, request.query, request.fragment);
    case 'count':
      return reader.count(request.index, request.query, request.options);
    case 'facets':
      return reader.facets(request.index, request.request);
  }
});

function openReadOnly(path: string): Database.Database {
  try {
    return new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    // better-sqlite3's SqliteError loses its message when a thread's uncaught error is copied to the parent.
    throw new Error(
      `Search reader thread cannot open ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

port.on('message', (request: ReadRequest) => {
  let reply: ReadReply;
  try {
    reply = { id: request.id, result: answer(request) };
  } catch (error) {
    const cursor = error instanceof SearchCursorError ? { cursorError: error.reason } : {};
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error), ...cursor };
  }
  port.postMessage(reply);
});
