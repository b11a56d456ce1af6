/**
 * Nearest first without sorting every event in the circle. "Near me, by distance" at a million events holds
 * ~13,000 events in 25 km; counting them is cheap (a covering index range and a distance each), but a page
 * that also counts them (a window count) keeps and sorts every row, most of the page's cost, where the page
 * alone and the count alone are each a small part of it. So the total is counted
 * apart (cached) and the page is read from a smaller circle: every event within radius r is nearer than every
 * event beyond it, so when the circle of radius r (same distance expression, `distance <= r`) holds at least
 * offset + limit matches, its first page in the query's order is the whole circle's, row for row, distances
 * included. A circle that falls short is doubled; the last try is the query's own circle.
 */
import type { SearchQuery } from '@evently/platform';

/**
 * The first ring would hold a quarter of the rows the page needs if events were spread evenly; they cluster
 * around city centres (where people search from), so it usually holds the page, and a miss is a cheap query.
 */
const FIRST_RING_SHARE = 0.25;
/** Rings pay only when the page is a small part of the circle; else one page over the whole circle is as cheap. */
const MIN_MATCHES_PER_ROW = 8;

/** Whether the query's order starts with the distance, nearest first (later keys only break ties). */
export function nearestFirst(query: SearchQuery): boolean {
  const first = (query.sort ?? []).find((clause) => clause.by !== 'relevance');
  return query.near !== undefined && query.text === undefined && first?.by === 'distance' && first.direction === 'asc';
}

/**
 * Radii to try before the query's own, smallest first, each twice the last, all inside the circle; none when
 * the page is not a small part of the matches.
 */
export function ringRadii(radiusKm: number, rowsNeeded: number, matches: number): number[] {
  if (rowsNeeded <= 0 || matches < rowsNeeded * MIN_MATCHES_PER_ROW) return [];
  const radii: number[] = [];
  for (let r = radiusKm * Math.sqrt((FIRST_RING_SHARE * rowsNeeded) / matches); r < radiusKm; r *= 2) radii.push(r);
  return radii;
}
