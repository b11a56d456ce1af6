/**
 * The pagination block of a listing. `total` is every match; `pages` and `has_next` count only the pages a
 * client can ask for with `page`: both search engines refuse offsets past the result window (a 400 naming
 * `page`), so a walk through every page ends cleanly at the window instead of failing on the next request.
 * `next_cursor` goes further: passed back as `cursor`, it gives the page after this one at any depth (null
 * when no match follows). A cursor page knows no page number: its `page` is 1, `pages` counts every match,
 * and `has_next` says whether `next_cursor` leads anywhere.
 */
import { MAX_RESULT_WINDOW } from '@evently/platform';
import type { ListPagination } from '../../../contracts/answers.ts';

export type { ListPagination };

export interface PageCursor {
  /** The index's cursor for the page after this one. */
  next: string | null;
  /** Whether this page was itself asked for with a cursor. */
  cursorPage: boolean;
}

export function paginationOf(
  total: number,
  page: number,
  perPage: number,
  cursor: PageCursor,
  window = MAX_RESULT_WINDOW,
): ListPagination {
  if (cursor.cursorPage)
    return { total, pages: Math.ceil(total / perPage), page, has_next: cursor.next !== null, next_cursor: cursor.next };
  const pages = Math.ceil(Math.min(total, window) / perPage);
  return { total, pages, page, has_next: page < pages, next_cursor: cursor.next };
}
