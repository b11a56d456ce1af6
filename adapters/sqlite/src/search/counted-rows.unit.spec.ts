import { describe, expect, it } from 'vitest';
import { replaceRows } from './counted-rows.ts';

const rows = (...rids: number[]) => Int32Array.from(rids);

describe('replaceRows: kept rows less the changed ones, with those that match now', () => {
  it('removes changed rows, keeps the rest and merges the added ones in order', () => {
    expect(Array.from(replaceRows(rows(2, 5, 9, 14), rows(1, 5, 7, 14, 20), [1, 7, 20]))).toEqual([1, 2, 7, 9, 20]);
  });

  it('handles empty lists on every side', () => {
    expect(Array.from(replaceRows(rows(), rows(3), [3]))).toEqual([3]);
    expect(Array.from(replaceRows(rows(3, 4), rows(3, 4), []))).toEqual([]);
    expect(Array.from(replaceRows(rows(3, 4), rows(), []))).toEqual([3, 4]);
  });

  it('adds rows before the first and after the last kept one', () => {
    expect(Array.from(replaceRows(rows(10, 20), rows(1, 30), [1, 30]))).toEqual([1, 10, 20, 30]);
  });
});
