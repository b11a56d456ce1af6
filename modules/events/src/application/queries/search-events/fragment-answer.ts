/**
 * `GET /api/events` answers spliced from stored item fragments (projections/answer-fragments.ts): each card or
 * pin is the text rendered when the event was indexed, so a page costs string joins instead of parsing the
 * index's answer, mapping each item and serialising the whole. The text is the one
 * `JSON.stringify` gives for the same answer built as objects: items keep their keys' order, and a distance goes
 * where the mapping puts it.
 */
import type { FragmentHit } from '@evently/platform';
import { roundKm } from '../../../domain/geo.ts';
import type { ListPagination } from './pagination.ts';

/** A pin's only optional key after its distance (`toMapBasic`): the distance goes before it. */
const PIN_TAIL = /,"offer_count":\d+}$/;

/** A card with the query's distance, which `toCardEvent` sets last. */
export function cardText(hit: FragmentHit & { fragment: string }): string {
  if (hit.distanceKm === undefined) return hit.fragment;
  return `${hit.fragment.slice(0, -1)},"distance_km":${JSON.stringify(roundKm(hit.distanceKm))}}`;
}

/** A map pin with the query's distance, which `toMapBasic` sets before the offer count. */
export function pinText(hit: FragmentHit & { fragment: string }): string {
  if (hit.distanceKm === undefined) return hit.fragment;
  const distance = `,"distance_km":${JSON.stringify(roundKm(hit.distanceKm))}`;
  const tail = PIN_TAIL.exec(hit.fragment);
  const at = tail ? tail.index : hit.fragment.length - 1;
  return `${hit.fragment.slice(0, at)}${distance}${hit.fragment.slice(at)}`;
}

/**
 * `{ data, pagination }` as text around items already written as JSON. The whole answer comes out of one join,
 * so it is a single flat string: text added around a join's result would be a rope, which every later reader
 * (Koa's byte count, the compressor, the socket) first copies into one piece.
 */
export function listAnswerText(items: string[], pagination: ListPagination): string {
  const tail = `],"pagination":${JSON.stringify(pagination)}}`;
  const last = items.length - 1;
  if (last < 0) return `{"data":[${tail}`;
  const parts = items.slice();
  parts[0] = `{"data":[${parts[0]}`;
  parts[last] = `${parts[last]}${tail}`;
  return parts.join(',');
}
