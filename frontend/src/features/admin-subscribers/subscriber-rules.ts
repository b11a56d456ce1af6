import type { AdminListParams, AdminPatchBody } from '@evently/subscriptions/contracts';
import type { AdminSubscriber, SubscriberFilters } from './types.ts';
import { SUBSCRIBERS_PAGE_SIZE } from './types.ts';

export const RADIUS_MIN = 1;
export const RADIUS_MAX = 500;

/** The list call's query: blank filters are left out, text is trimmed (spec 02 §7). */
export function listParams(filters: SubscriberFilters, page: number): AdminListParams {
  const params: AdminListParams = { page, per_page: SUBSCRIBERS_PAGE_SIZE, sort: filters.sort };
  if (filters.status !== 'all') params.status = filters.status;
  for (const key of ['search', 'country', 'city'] as const) {
    const value = filters[key].trim();
    if (value) params[key] = value;
  }
  if (filters.savedOnly) params.filters = 'saved';
  return params;
}

/** The detail panel's editable fields, as typed. */
export interface SubscriberDraft {
  name: string;
  radius: string;
  country: string;
  city: string;
}

/** What the detail panel sends: the server's edit body (`@evently/subscriptions/contracts`). */
export type SubscriberPatch = AdminPatchBody;

export function draftOf(subscriber: AdminSubscriber): SubscriberDraft {
  return {
    name: subscriber.name ?? '',
    radius: subscriber.radius_km === null ? '' : String(subscriber.radius_km),
    country: subscriber.country ?? '',
    city: subscriber.city ?? '',
  };
}

export const NO_CHANGES = 'No changes to save';
export const RADIUS_RULE = `Radius must be a whole number from ${RADIUS_MIN} to ${RADIUS_MAX} km`;
export const PLACE_RULE = 'Country and City are required.';

export type EditOutcome = { patch: SubscriberPatch } | { problem: string };

/**
 * Spec 02 §5 "Subscriber edit": only the fields that changed among name, country, city and radius_km (a number
 * from 1 to 500) are sent; with none changed the answer is 'No changes to save'.
 */
export function editPatch(subscriber: AdminSubscriber, draft: SubscriberDraft): EditOutcome {
  const patch: SubscriberPatch = {};
  const name = draft.name.trim();
  if (name !== (subscriber.name ?? '')) patch.name = name;
  const country = draft.country.trim();
  const city = draft.city.trim();
  if (country !== (subscriber.country ?? '')) patch.country = country;
  if (city !== (subscriber.city ?? '')) patch.city = city;
  if ((patch.country !== undefined && !country) || (patch.city !== undefined && !city)) return { problem: PLACE_RULE };
  const radiusText = draft.radius.trim();
  if (radiusText !== (subscriber.radius_km === null ? '' : String(subscriber.radius_km))) {
    const radius = Number(radiusText);
    if (!radiusText || !Number.isInteger(radius) || radius < RADIUS_MIN || radius > RADIUS_MAX)
      return { problem: RADIUS_RULE };
    if (radius !== subscriber.radius_km) patch.radius_km = radius;
  }
  return Object.keys(patch).length === 0 ? { problem: NO_CHANGES } : { patch };
}

/** Whether the subscriber has confirmed the address; true on a server without double opt-in. */
export function isConfirmed(subscriber: AdminSubscriber): boolean {
  if (subscriber.confirmed !== undefined) return subscriber.confirmed;
  return subscriber.status !== 'pending';
}

/** The list badge: Active, Inactive, or (double opt-in) Awaiting confirmation. */
export function statusLabel(subscriber: AdminSubscriber): { text: string; tone: 'active' | 'inactive' | 'pending' } {
  if (!isConfirmed(subscriber)) return { text: 'Awaiting confirmation', tone: 'pending' };
  return subscriber.is_active ? { text: 'Active', tone: 'active' } : { text: 'Inactive', tone: 'inactive' };
}

/**
 * Why "Send digest now" cannot mail this subscriber, or null when it can. The server refuses the same cases
 * (409 with its own reason); the panel says so before the click instead of after it.
 */
export function digestBlockedReason(subscriber: AdminSubscriber): string | null {
  if (!isConfirmed(subscriber)) return 'Not sent: this subscriber has not confirmed their e-mail address yet.';
  if (!subscriber.is_active) return 'Not sent: this subscriber is deactivated. Activate them first to send a digest.';
  return null;
}
