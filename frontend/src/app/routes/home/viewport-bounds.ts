import type { Bounds } from '../../../features/filters/query-params.ts';
import { requestBounds } from '../../../features/map/map-rules.ts';

function sameBounds(a: Bounds, b: Bounds): boolean {
  return a.north === b.north && a.south === b.south && a.east === b.east && a.west === b.west;
}

/**
 * The bounds a request asks for after a viewport report: the ones held when the report names the same area,
 * so an unchanged area keeps the same query (and no request).
 */
export function nextRequestBounds(held: Bounds | null, reported: Bounds | null): Bounds | null {
  if (!reported) return null;
  const next = requestBounds(reported);
  return held && sameBounds(held, next) ? held : next;
}
