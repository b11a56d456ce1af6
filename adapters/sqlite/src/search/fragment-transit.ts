/**
 * A page of fragments as it crosses from a reader thread to the main thread: the fragments joined into one
 * string with where each ends, instead of a hit object per row. A structured clone copies each object and each
 * string apart, and on the main thread, which also answers every request, reading a map page's thousand pins
 * that way cost several times what reading one string does; the hits are cut back out of it there as slices,
 * which V8 makes without copying the text.
 */
import type { FragmentHit, FragmentPage } from '@evently/platform';

export interface PackedFragmentPage {
  total: number;
  nextCursor: string | null;
  ids: string[];
  /** Every hit's fragment, one after another. */
  text: string;
  /** Where each hit's fragment ends in `text`; -1 for a hit without one (its start is the previous end). */
  ends: Int32Array;
  /** Each hit's distance, when the page has them (a page near a point has one for every hit). */
  distances: Float64Array | null;
}

export function packFragmentPage(page: FragmentPage): PackedFragmentPage {
  const { hits } = page;
  const ends = new Int32Array(hits.length);
  const withDistance = hits.length > 0 && hits.every((hit) => hit.distanceKm !== undefined);
  if (!withDistance && hits.some((hit) => hit.distanceKm !== undefined))
    throw new Error('A page gives every hit a distance or none');
  const distances = withDistance ? new Float64Array(hits.length) : null;
  const parts: string[] = [];
  let length = 0;
  hits.forEach((hit, i) => {
    if (hit.fragment === null) ends[i] = -1;
    else {
      parts.push(hit.fragment);
      length += hit.fragment.length;
      ends[i] = length;
    }
    if (distances) distances[i] = hit.distanceKm!;
  });
  return {
    total: page.total,
    nextCursor: page.nextCursor,
    ids: hits.map((hit) => hit.id),
    text: parts.join(''),
    ends,
    distances,
  };
}

export function unpackFragmentPage(packed: PackedFragmentPage): FragmentPage {
  const { ids, text, ends, distances } = packed;
  const hits: FragmentHit[] = new Array(ids.length);
  let from = 0;
  for (let i = 0; i < ids.length; i++) {
    const end = ends[i]!;
    const hit: FragmentHit = { id: ids[i]!, fragment: end < 0 ? null : text.slice(from, end) };
    if (end >= 0) from = end;
    if (distances) hit.distanceKm = distances[i]!;
    hits[i] = hit;
  }
  return { total: packed.total, hits, nextCursor: packed.nextCursor };
}
