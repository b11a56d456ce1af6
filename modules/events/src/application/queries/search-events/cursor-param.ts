/**
 * `cursor` of `GET /api/events`: the `pagination.next_cursor` of a previous answer, for the page after it
 * (how the map's "Show all events" walks past the result window that `page` cannot pass). Opaque to
 * clients; the search index checks it belongs to the same sort order, and any cursor it refuses is a 400
 * naming `cursor`, never a 500. A cursor page takes no page number: `page` above 1 with it is a 400.
 */
import { badRequest, SearchCursorError } from '@evently/platform';
import { cursorParam } from '../../../contracts/search-query.ts';

/** `{ after }` for the search query when a cursor is given; repeated parameters keep the first, blank is absent. */
export function parseCursorParam(raw: Record<string, unknown>, page: number): { after?: string } {
  const value = Array.isArray(raw.cursor) ? (raw.cursor as unknown[])[0] : raw.cursor;
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return {};
  const parsed = cursorParam.safeParse(typeof value === 'string' ? value.trim() : value);
  if (!parsed.success) throw badRequest(`cursor: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  if (page > 1) throw badRequest('page: a cursor page takes no page number (leave page out or 1)');
  return { after: parsed.data };
}

/** A cursor the index refused (forged, cut, or made for another sort) is the client's mistake: a 400. */
export function refusedCursorAsBadRequest(error: unknown): never {
  if (error instanceof SearchCursorError) throw badRequest(`cursor: ${error.reason}; start again without a cursor`);
  throw error;
}
