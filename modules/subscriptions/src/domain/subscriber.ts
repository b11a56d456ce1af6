/** The weekly-digest subscriber and its pure rules (no I/O here). */
import { randomBytes } from 'node:crypto';

/**
 * Default digest radius. The spec leaves it open; 50 km covers a metropolitan area and its commuter belt
 * (docs/decisions/005-subscriptions-and-digest.md) while the admin can set 1-500 km per subscriber.
 */
export const DEFAULT_RADIUS_KM = 50;

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
  /** Lower-cased e-mail + city: one subscription per person and city. */
  identity_key: string;
  /** Lower-cased copies for case-insensitive admin filters and sorting. */
  email_key: string;
  country_key: string;
  city_key: string;
}

export const normaliseKey = (value: string) => value.trim().toLocaleLowerCase('en');

export function identityKey(email: string, city: string): string {
  return `${normaliseKey(email)}|${normaliseKey(city)}`;
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
export type SubscriberStatus = 'pending' | 'active' | 'unsubscribed';

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
export function isDueForDigest(subscriber: Pick<Subscriber, 'is_active' | 'confirmed_at' | 'last_sent_at'>, now: Date): boolean {
  if (statusOf(subscriber) !== 'active') return false;
  if (!subscriber.last_sent_at) return true;
  const sinceMs = now.getTime() - new Date(subscriber.last_sent_at).getTime();
  return sinceMs >= DIGEST_INTERVAL_DAYS * 86_400_000;
}
