import { describe, expect, it } from 'vitest';
import { paginationOf } from './pagination.ts';

describe('paginationOf', () => {
  it('counts every page when the matches fit the result window', () => {
    expect(paginationOf(2_500, 1, 1000)).toEqual({ total: 2_500, pages: 3, page: 1, has_next: true });
    expect(paginationOf(2_500, 3, 1000)).toEqual({ total: 2_500, pages: 3, page: 3, has_next: false });
    expect(paginationOf(0, 1, 100)).toEqual({ total: 0, pages: 0, page: 1, has_next: false });
  });

  it('keeps the true total but ends the walk at the window, so the next request is never refused', () => {
    expect(paginationOf(1_000_000, 9, 1000)).toEqual({ total: 1_000_000, pages: 10, page: 9, has_next: true });
    expect(paginationOf(1_000_000, 10, 1000)).toEqual({ total: 1_000_000, pages: 10, page: 10, has_next: false });
    expect(paginationOf(25, 2, 10, 20)).toEqual({ total: 25, pages: 2, page: 2, has_next: false });
  });
});
