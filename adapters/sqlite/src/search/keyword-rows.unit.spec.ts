import { describe, expect, it } from 'vitest';
import { inRidOrder } from './keyword-rows.ts';

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

describe('inRidOrder: a value rows from date order into rid order', () => {
  it('given a city of rows in date order, when ordered, then the rids ascend and each keeps its date', () => {
    const { rids, dates } = rowsInDateOrder(20_000, 5);
    const ordered = inRidOrder(rids, dates);
    expect(Array.from(ordered.rids, (rid, i) => [rid, ordered.dates[i]!])).toEqual(pairsByRid(rids, dates));
  });

  it('given rids at the top of the 32-bit range, when packed with their places, then no rid or date is changed', () => {
    const { rids, dates } = rowsInDateOrder(5_000, 2 ** 31 - 20_000);
    const ordered = inRidOrder(rids, dates);
    expect(Array.from(ordered.rids, (rid, i) => [rid, ordered.dates[i]!])).toEqual(pairsByRid(rids, dates));
  });

  it('given no rows or one, when ordered, then they come back as they were', () => {
    expect(Array.from(inRidOrder(new Int32Array(0), new Float64Array(0)).rids)).toEqual([]);
    const one = inRidOrder(Int32Array.of(42), Float64Array.of(Number.NaN));
    expect([Array.from(one.rids), Number.isNaN(one.dates[0])]).toEqual([[42], true]);
  });
});
