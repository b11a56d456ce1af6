/**
 * Why two events are alike (spec 01 §3 "Similar event"). Each reason is a short phrase the detail page shows;
 * the number of reasons ranks candidates.
 */
import { haversineKm } from './geo.ts';

export const NEARBY_KM = 25;
const WEEK_MS = 7 * 24 * 3600 * 1000;

export interface Comparable {
  id: string;
  category: string;
  start_utc: string;
  venue_name: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  tags: string[];
}

export function similarityReasons(base: Comparable, other: Comparable): string[] {
  const reasons: string[] = [];
  if (base.category === other.category) reasons.push('Same category');
  if (base.latitude !== null && base.longitude !== null && other.latitude !== null && other.longitude !== null) {
    if (haversineKm(base.latitude, base.longitude, other.latitude, other.longitude) <= NEARBY_KM)
      reasons.push('Nearby');
  } else if (base.city && other.city && base.city.toLowerCase() === other.city.toLowerCase()) {
    reasons.push('Nearby');
  }
  if (Math.abs(Date.parse(base.start_utc) - Date.parse(other.start_utc)) < WEEK_MS) reasons.push('Same week');
  if (base.venue_name && other.venue_name && base.venue_name.toLowerCase() === other.venue_name.toLowerCase()) {
    reasons.push('Same venue');
  }
  const baseTags = new Set(base.tags.map((t) => t.toLowerCase()));
  const shared = other.tags.filter((t) => baseTags.has(t.toLowerCase()));
  if (shared.length > 0) reasons.push(`Shared tags: ${shared.slice(0, 3).join(', ')}`);
  return reasons;
}
