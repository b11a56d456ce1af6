/** Messages between the SQLite search index and its reader threads. */
import type { CountOptions, FacetRequest, SearchQuery } from '@evently/platform';

export interface ReaderThreadData {
  file: string;
  commonTextDocuments: number;
}

export type ReadCall =
  | { method: 'search'; index: string; query: SearchQuery }
  | { method: 'fragments'; index: string; query: SearchQuery; fragment: string }
  | { method: 'count'; index: string; query: SearchQuery; options?: CountOptions }
  | { method: 'facets'; index: string; request: FacetRequest };

export type ReadRequest = ReadCall & { id: number };

/**
 * A failure travels as its message: Error objects lose their class crossing threads anyway. A refused cursor
 * also sends its reason, so the caller gets a SearchCursorError (a client's mistake) back.
 */
export type ReadReply = { id: number; result: unknown } | { id: number; error: string; cursorError?: string };
