/**
 * The pagination block of a listing. `total` is every match; `pages` and `has_next` count only the pages a
 * client can actually ask for: both search engines refuse offsets past the result window (a 400 naming
 * `page`), so a walk through every page (the map's "Show all events") ends cleanly at the window instead of
 * failing on the next request. Below the window (every catalogue up to 10,000 matches) nothing changes.
 */
import { MAX_RESULT_WINDOW } from '@evently/platform';
import type { Pagination } from '../../../contracts/public-event.ts';

export function paginationOf(total: number, page: number, perPage: number, window = MAX_RESULT_WINDOW): Pagination {
  const pages = Math.ceil(Math.min(total, window) / perPage);
  return { total, pages, page, has_next: page < pages };
}
