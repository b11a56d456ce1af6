/**
 * Kept lists of rids in ascending order (a city's rows, the rows a total counted), brought up to date by a patch:
 * the rows changed since leave the list and those of them that belong to it now come back, in one ordered pass.
 */

/** Rids ascending, optionally with one value per row (a city's rows keep each row's date). */
export interface RowList {
  rids: Int32Array;
  values?: Float64Array;
}

/** The changed rows' rids (each named once, changed-rows.ts) in ascending order, as `replaceRows` reads them. */
export const ascendingRids = (rids: readonly number[]): Int32Array => Int32Array.from(rids).sort();

/**
 * `kept` without `removed`, merged with `added` (each ascending; `added` holds only removed rows), ascending.
 * Values go with their rows when `kept` has them; an added row without one gets NaN.
 */
export function replaceRows(
  kept: RowList,
  removed: Int32Array,
  added: { rids: ArrayLike<number>; values?: ArrayLike<number | null> },
): RowList {
  const rids = new Int32Array(kept.rids.length + added.rids.length);
  const values = kept.values === undefined ? undefined : new Float64Array(rids.length);
  let n = 0;
  const take = (rid: number, value: number | null | undefined) => {
    rids[n] = rid;
    if (values !== undefined) values[n] = value ?? Number.NaN;
    n++;
  };
  let r = 0;
  let a = 0;
  for (let i = 0; i < kept.rids.length; i++) {
    const rid = kept.rids[i]!;
    while (r < removed.length && removed[r]! < rid) r++;
    if (r < removed.length && removed[r] === rid) continue;
    for (; a < added.rids.length && added.rids[a]! < rid; a++) take(added.rids[a]!, added.values?.[a]);
    take(rid, kept.values?.[i]);
  }
  for (; a < added.rids.length; a++) take(added.rids[a]!, added.values?.[a]);
  return n === rids.length ? { rids, values } : { rids: rids.slice(0, n), values: values?.slice(0, n) };
}
