/** The weekly-digest subscriber and its pure rules (no I/O here). */
import { randomBytes } from 'node:crypto';
import type { SubscriberStatus } from '../contracts/subscriber-answers.ts';
import { hasFilters, searchKey, type SavedSearch } from './saved-search.ts';

export { DEFAULT_RADIUS_KM } from '../contracts/search-words.ts';

/** A digest goes to a subscriber at most once in this many days. */
export const DIGEST_INTERVAL_DAYS = 7;

export interface Subscriber {
  email: string;
  name: string | null;
  country: string;
  city: string;
  radius_km: number;
  /** Receives digests; only ever true once the address is confirmed (double opt-in). */
  is_active: boolean;
  /** When the owner of the address first followed a confirmation link; null while pending. */
  confirmed_at: string | null;
  unsubscribe_token: string;
  last_sent_at: string | null;
  /** The saved search's filters; null or absent (rows from before saved searches) for the city digest. */
  search?: SavedSearch | null;
  /** What the batch groups identical searches by (`searchKey`); absent on rows from before saved searches. */
  search_key?: string;
  /** Whether `search` holds any filter: the admin list's "has saved filters". */
  has_filters?: boolean;
  /** Lower-cased e-mail + city, or + the whole search when it has filters: one subscription per person and search. */
  identity_key: string;
  /** Lower-cased copies for case-insensitive admin filters and sorting. */
  email_key: string;
  country_key: string;
  city_key: string;
}

export const normaliseKey = (value: string) => value.trim().toLocaleLowerCase('en');

/**
 * A plain city subscription keeps the key it always had, so an address may hold its city digest and any
 * number of distinct saved searches, and signing up for the same search twice finds the first.
 */
export function identityKey(email: string, city: string, search?: { key: string; filtered: boolean }): string {
  const base = `${normaliseKey(email)}|${normaliseKey(city)}`;
  return search?.filtered ? `${base}|${search.key}` : base;
}

/** The stored search fields of a subscriber with this place and these filters. */
export function searchFields(place: { country: string; city: string; radius_km: number }, search: SavedSearch) {
  const filtered = hasFilters(search);
  return { search: filtered ? search : null, search_key: searchKey(place, search), has_filters: filtered };
}

/** 192 bits from the OS CSPRNG, URL-safe: unguessable, and short enough for a link. */
export function newUnsubscribeToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A confirmation link's token: as unguessable as the unsubscribe one. */
export const newConfirmToken = newUnsubscribeToken;

/**
 * Pending until the address is confirmed; then active or unsubscribed. Derived rather than stored, so it can
 * never disagree with the fields that decide who gets mail (rows from before double opt-in read as pending).
 */
export function statusOf(subscriber: Pick<Subscriber, 'is_active' | 'confirmed_at'>): SubscriberStatus {
  if (!subscriber.confirmed_at) return 'pending';
  return subscriber.is_active ? 'active' : 'unsubscribed';
}

export function confirmUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/subscriptions/confirm/${token}`;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/subscriptions/unsubscribe/${token}`;
}

/** ISO-8601 week of an instant in UTC, e.g. `2026-W47`: the unit of digest idempotency. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** Confirmed, active and not sent to within the last seven days. */
export function isDueForDigest(
  subscriber: Pick<Subscriber, 'is_active' | 'confirmed_at' | 'last_sent_at'>,
  now: Date,
): boolean {
  if (statusOf(subscriber) !== 'active') return false;
  if (!subscriber.last_sent_at) return true;
  const sinceMs = now.getTime() - new Date(subscriber.last_sent_at).getTime();
  return sinceMs >= DIGEST_INTERVAL_DAYS * 86_400_000;
}
