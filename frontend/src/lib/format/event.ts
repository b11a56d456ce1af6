/**
 * The event as the visitor side reads it from `GET /api/events` and `GET /api/events/{id}`: the server's public
 * event (`@evently/events/contracts`). Everything but `id` and `name` may be missing because list pages ask for
 * trimmed field sets (`fields=card`, `fields=map_basic`).
 */
import type { PublicEvent, PublicOffer } from '@evently/events/contracts';
import { isKnownTimeZone } from './date-time-format.ts';

/** Spec 01 §3: the start time may arrive under these names besides `date` (the server writes `date`). */
interface OtherStartNames {
  start_datetime?: string | null;
  start_datetime_utc?: string | null;
  start_date?: string | null;
  event_date?: string | null;
}

export type VisitorEvent = Pick<PublicEvent, 'id' | 'name'> &
  Partial<Omit<PublicEvent, 'id' | 'name'>> &
  OtherStartNames;

/** One seller's offer of an event: enough to show it and to run its own buy flow. */
export type VisitorOffer = PublicOffer;

const nonEmpty = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** unique_title is preferred over name for display (spec 01 §3). */
export function displayTitle(event: Pick<VisitorEvent, 'name' | 'unique_title'>): string {
  return nonEmpty(event.unique_title) ?? event.name;
}

/** unique_description is preferred over description (spec 01 §3). */
export function displayDescription(event: Pick<VisitorEvent, 'description' | 'unique_description'>): string {
  return nonEmpty(event.unique_description) ?? nonEmpty(event.description) ?? '';
}

/** The start time may arrive under any of five names (spec 01 §3); the first non-empty one wins. */
export function eventStart(event: VisitorEvent): string | undefined {
  return (
    nonEmpty(event.start_datetime) ??
    nonEmpty(event.start_datetime_utc) ??
    nonEmpty(event.start_date) ??
    nonEmpty(event.date) ??
    nonEmpty(event.event_date)
  );
}

/** The venue's zone when the answer names a valid one; undefined means the visitor's own zone. */
export function eventTimeZone(event: Pick<VisitorEvent, 'timezone'>): string | undefined {
  const zone = nonEmpty(event.timezone);
  return zone && isKnownTimeZone(zone) ? zone : undefined;
}

/** Tags as a list, from the answer's comma separated string. */
export function eventTags(event: Pick<VisitorEvent, 'tags'>): string[] {
  return (event.tags ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

export interface Coordinates {
  lat: number;
  lon: number;
}

/** Finite coordinates or nothing: events without them are left off the map and get no 'Show on map'. */
export function eventCoordinates(event: Pick<VisitorEvent, 'latitude' | 'longitude'>): Coordinates | undefined {
  const { latitude: lat, longitude: lon } = event;
  return typeof lat === 'number' && typeof lon === 'number' && Number.isFinite(lat) && Number.isFinite(lon)
    ? { lat, lon }
    : undefined;
}

/** The home page URL that focuses one event on the map (spec 01 §2, Get Tickets card). */
export function showOnMapHref(eventId: VisitorEvent['id'], at: Coordinates): string {
  const query = new URLSearchParams({
    mode: 'map',
    focus_lat: String(at.lat),
    focus_lon: String(at.lon),
    focus_event: String(eventId),
  });
  return `/?${query.toString()}`;
}
