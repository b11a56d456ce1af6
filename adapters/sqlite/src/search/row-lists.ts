/**
 * Kept lists of rids in ascending order (a city's rows, the rows a total counted), brought up to date by a patch:
 * the rows changed since leave the list and those of them that belong to it now come back, in one ordered pass.
 */

import type { ReadAt } from './write-scopes.ts';

/** Rids ascending, optionally with one value per row (a city's rows keep each row's date). */
export interface RowList {
  rids: Int32Array;
  values?: Float64Array;
}

/** A kept list of rids (ascending) and the state it is up to date with. */
export interface RidsAt {
  rids: Int32Array;
  at: ReadAt;
}

/**
 * Rows read in another order (a city's in date order, a band's by point) put in rid order with their values.
 * Each row becomes one number, its rid above its place in the list, sorted by the typed array itself: no
 * comparator call per pair, several times faster for thousands of rows. Rids are distinct within a list.
 */
export function inRidOrder(rids: Int32Array, values: Float64Array): Required<RowList> {
  const count = rids.length;
  const places = 2 ** Math.ceil(Math.log2(count + 1));
  let largest = 0;
  for (let i = 0; i < count; i++) if (rids[i]! > largest) largest = rids[i]!;
  let order: ArrayLike<number>;
  if (largest * places + places <= Number.MAX_SAFE_INTEGER) {
    const packed = new Float64Array(count);
    for (let i = 0; i < count; i++) packed[i] = rids[i]! * places + i;
    packed.sort();
    for (let i = 0; i < count; i++) packed[i] = packed[i]! % places;
    order = packed;
  } else {
    // Rids too large to share an exact number with their place (over four million rows in one list): in pairs.
    order = Uint32Array.from(rids.keys()).sort((a, b) => rids[a]! - rids[b]!);
  }
  const sortedRids = new Int32Array(count);
  const sortedValues = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const from = order[i]!;
    sortedRids[i] = rids[from]!;
    sortedValues[i] = values[from]!;
  }
  return { rids: sortedRids, values: sortedValues };
}

/** The changed rows' rids (each named once, changed-rows.ts) in ascending order, as `replaceRows` reads them. */
export const ascendingRids = (rids: readonly number[]): Int32Array => Int32Array.from(rids).sort();

/** The first index of `rids` (ascending) from `from` on whose rid is not below `rid`. */
function lowerBound(rids: Int32Array, rid: number, from: number): number {
  let low = from;
  let high = rids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rids[middle]! < rid) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * `kept` without `removed`, merged with `added` (each ascending; `added` holds only removed rows), ascending.
 * Values go with their rows when `kept` has them; an added row without one gets NaN.
 *
 * A commit changes a few rows of a list of thousands (a city's rows, a band's points), and a list is patched
 * after nearly every commit: the kept runs between the changed rows are copied whole, each found by a binary
 * search, rather than walked row by row.
 */
export function replaceRows(
  kept: RowList,
  removed: Int32Array,
  added: { rids: ArrayLike<number>; values?: ArrayLike<number | null> },
): RowList {
  const from = kept.rids;
  // Where the removed rows that the list holds sit in it, ascending.
  const cuts: number[] = [];
  for (let r = 0, at = 0; r < removed.length && at < from.length; r++) {
    at = lowerBound(from, removed[r]!, at);
    if (at < from.length && from[at] === removed[r]) cuts.push(at);
  }
  const length = from.length - cuts.length + added.rids.length;
  const rids = new Int32Array(length);
  const values = kept.values === undefined ? undefined : new Float64Array(length);
  let n = 0;
  let next = 0;
  let cut = 0;
  let a = 0;
  while (next < from.length || a < added.rids.length) {
    const nextCut = cut < cuts.length ? cuts[cut]! : from.length;
    const nextAdded = a < added.rids.length ? lowerBound(from, added.rids[a]!, next) : from.length;
    const end = Math.min(nextCut, nextAdded);
    if (end > next) {
      rids.set(from.subarray(next, end), n);
      values?.set(kept.values!.subarray(next, end), n);
      n += end - next;
      next = end;
    }
    if (a < added.rids.length && nextAdded <= nextCut) {
      rids[n] = added.rids[a]!;
      if (values !== undefined) values[n] = added.values?.[a] ?? Number.NaN;
      n++;
      a++;
    } else if (cut < cuts.length) {
      next++;
      cut++;
    }
  }
  return { rids, values };
}
