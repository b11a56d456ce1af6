import { describe, expect, it } from 'vitest';
import { inRidOrder, replaceRows } from './row-lists.ts';

const rows = (...rids: number[]) => Int32Array.from(rids);
const ridsOf = (kept: Int32Array, removed: Int32Array, added: number[]) =>
  Array.from(replaceRows({ rids: kept }, removed, { rids: added }).rids);

describe('replaceRows: kept rows less the changed ones, with those that match now', () => {
  it('removes changed rows, keeps the rest and merges the added ones in order', () => {
    expect(ridsOf(rows(2, 5, 9, 14), rows(1, 5, 7, 14, 20), [1, 7, 20])).toEqual([1, 2, 7, 9, 20]);
  });

  it('handles empty lists on every side', () => {
    expect(ridsOf(rows(), rows(3), [3])).toEqual([3]);
    expect(ridsOf(rows(3, 4), rows(3, 4), [])).toEqual([]);
    expect(ridsOf(rows(3, 4), rows(), [])).toEqual([3, 4]);
  });

  it('adds rows before the first and after the last kept one', () => {
    expect(ridsOf(rows(10, 20), rows(1, 30), [1, 30])).toEqual([1, 10, 20, 30]);
  });

  it('keeps each value with its row, NaN for an added row without one', () => {
    const merged = replaceRows({ rids: rows(2, 5, 9), values: Float64Array.from([20, 50, 90]) }, rows(1, 5, 7), {
      rids: [1, 7],
      values: [10, null],
    });
    expect(Array.from(merged.rids)).toEqual([1, 2, 7, 9]);
    expect(Array.from(merged.values!)).toEqual([10, 20, Number.NaN, 90]);
  });

  it('gives what filtering and sorting give, over many random lists', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const distinct = (count: number, below: number) =>
      [...new Set(Array.from({ length: count }, () => random(below)))].sort((x, y) => x - y);
    for (let round = 0; round < 500; round++) {
      const below = 1 + random(400);
      const kept = distinct(random(120), below);
      const removed = distinct(random(40), below);
      const added = removed.filter(() => random(2) === 0);
      const values = Float64Array.from(kept, (rid) => rid * 10);
      const merged = replaceRows({ rids: Int32Array.from(kept), values }, Int32Array.from(removed), {
        rids: added,
        values: added.map((rid) => rid * 10),
      });
      const expected = [...kept.filter((rid) => !removed.includes(rid)), ...added].sort((x, y) => x - y);
      expect(Array.from(merged.rids)).toEqual(expected);
      expect(Array.from(merged.values!)).toEqual(expected.map((rid) => rid * 10));
    }
  });
});

/** Distinct rids from `lowest` up, shuffled deterministically, each with a date derived from it (NaN for some). */
function rowsInDateOrder(count: number, lowest: number) {
  const rids = Int32Array.from({ length: count }, (_, i) => lowest + i * 3);
  let state = 17;
  for (let i = count - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [rids[i], rids[j]] = [rids[j]!, rids[i]!];
  }
  const dates = Float64Array.from(rids, (rid) => (rid % 7 === 0 ? Number.NaN : rid * 1000 + 1));
  return { rids, dates };
}

/** The reference order: each row's pair, sorted by rid with a comparator. */
const pairsByRid = (rids: Int32Array, dates: Float64Array) =>
  Array.from(rids, (rid, i) => [rid, dates[i]!]).sort((a, b) => a[0]! - b[0]!);

describe('inRidOrder: rows read in another order put in rid order with their values', () => {
  it('given a city of rows in date order, when ordered, then the rids ascend and each keeps its date', () => {
    const { rids, dates } = rowsInDateOrder(20_000, 5);
    const ordered = inRidOrder(rids, dates);
    expect(Array.from(ordered.rids, (rid, i) => [rid, ordered.values[i]!])).toEqual(pairsByRid(rids, dates));
  });

  it('given rids at the top of the 32-bit range, when packed with their places, then no rid or date is changed', () => {
    const { rids, dates } = rowsInDateOrder(5_000, 2 ** 31 - 20_000);
    const ordered = inRidOrder(rids, dates);
    expect(Array.from(ordered.rids, (rid, i) => [rid, ordered.values[i]!])).toEqual(pairsByRid(rids, dates));
  });

  it('given no rows or one, when ordered, then they come back as they were', () => {
    expect(Array.from(inRidOrder(new Int32Array(0), new Float64Array(0)).rids)).toEqual([]);
    const one = inRidOrder(Int32Array.of(42), Float64Array.of(Number.NaN));
    expect([Array.from(one.rids), Number.isNaN(one.values[0])]).toEqual([[42], true]);
  });
});
