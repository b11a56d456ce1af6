/** Page arithmetic of the public list (spec 02 §7: `pagination { page, pages }`, plus the total). */

import type { ReviewPagination } from '../contracts/review-answers.ts';

export type { ReviewPagination };

export function pageWindow(page: number, perPage: number): { skip: number; limit: number } {
  return { skip: (page - 1) * perPage, limit: perPage };
}

/** At least one page, so "Page 1 of 1" reads right on an empty list. */
export function paginate(total: number, page: number, perPage: number): ReviewPagination {
  return { page, pages: Math.max(1, Math.ceil(total / perPage)), total };
}
