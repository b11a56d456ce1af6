import { describe, expect, it } from 'vitest';
import { pageWindow, paginate } from './pagination.ts';

describe('list pages', () => {
  it('page 3 of 20 a page skips 40', () => {
    expect(pageWindow(3, 20)).toEqual({ skip: 40, limit: 20 });
  });

  it('41 reviews at 20 a page are 3 pages; none is one empty page', () => {
    expect(paginate(41, 2, 20)).toEqual({ page: 2, pages: 3, total: 41 });
    expect(paginate(0, 1, 20)).toEqual({ page: 1, pages: 1, total: 0 });
  });
});
