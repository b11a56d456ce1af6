import { describe, expect, it } from 'vitest';
import { paginationOf } from './pagination.ts';

const offsetPage = (next: string | null) => ({ next, cursorPage: false });

describe('paginationOf', () => {
  it('counts every page when the matches fit the result window', () => {
    expect(paginationOf(2_500, 1, 1000, offsetPage('c2'))).toEqual({
      total: 2_500,
      pages: 3,
      page: 1,
      has_next: true,
      next_cursor: 'c2',
    });
    expect(paginationOf(2_500, 3, 1000, offsetPage(null))).toEqual({
      total: 2_500,
      pages: 3,
      page: 3,
      has_next: false,
      next_cursor: null,
    });
    expect(paginationOf(0, 1, 100, offsetPage(null))).toEqual({
      total: 0,
      pages: 0,
      page: 1,
      has_next: false,
      next_cursor: null,
    });
  });

  it('keeps the true total but ends the page walk at the window, while next_cursor leads past it', () => {
    expect(paginationOf(1_000_000, 9, 1000, offsetPage('c10'))).toMatchObject({
      total: 1_000_000,
      pages: 10,
      page: 9,
      has_next: true,
    });
    expect(paginationOf(1_000_000, 10, 1000, offsetPage('c11'))).toEqual({
      total: 1_000_000,
      pages: 10,
      page: 10,
      has_next: false,
      next_cursor: 'c11',
    });
    expect(paginationOf(25, 2, 10, offsetPage('c3'), 20)).toMatchObject({
      total: 25,
      pages: 2,
      page: 2,
      has_next: false,
    });
  });

  it('a cursor page counts every page and has a next one exactly when it has a cursor', () => {
    expect(paginationOf(1_000_000, 1, 1000, { next: 'c12', cursorPage: true })).toEqual({
      total: 1_000_000,
      pages: 1000,
      page: 1,
      has_next: true,
      next_cursor: 'c12',
    });
    expect(paginationOf(1_000_000, 1, 1000, { next: null, cursorPage: true })).toMatchObject({
      has_next: false,
      next_cursor: null,
    });
  });
});
