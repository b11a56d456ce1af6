/**
 * The admin's saved-search edit: the fields as typed, the patch of what changed (an empty field clears its
 * filter), and each problem named by the field it belongs to, checked as the public API checks them.
 */
import { CATEGORIES, DATE_PRESETS, type Category, type DatePreset } from '@evently/events/contracts';
import { NO_CHANGES, type SubscriberPatch } from './subscriber-rules.ts';
import type { AdminSubscriber } from './types.ts';

/** Where the digest looks from: the subscriber's city, or coordinates of its own (the site's `near`). */
export type CentreMode = 'city' | 'point';

export interface SavedFiltersDraft {
  keyword: string;
  category: string;
  min_price: string;
  max_price: string;
  date_preset: string;
  centre: CentreMode;
  latitude: string;
  longitude: string;
}

export type SavedFilterField =
  'keyword' | 'category' | 'min_price' | 'max_price' | 'date_preset' | 'centre' | 'latitude' | 'longitude';
export type SavedFilterProblems = Partial<Record<SavedFilterField, string>>;

export const PRICE_RULE = 'Enter an amount of US dollars (0 or more)';
export const PRICE_ORDER_RULE = 'The maximum must not be below the minimum';
export const LATITUDE_RULE = 'Latitude must be a number from -90 to 90';
export const LONGITUDE_RULE = 'Longitude must be a number from -180 to 180';
export const NO_CITY_RULE = 'This subscription has no city: enter one above, or keep coordinates';

export function savedFiltersDraftOf(subscriber: AdminSubscriber): SavedFiltersDraft {
  const search = subscriber.search;
  return {
    keyword: search?.keyword ?? '',
    category: search?.category ?? '',
    min_price: search?.min_price == null ? '' : String(search.min_price),
    max_price: search?.max_price == null ? '' : String(search.max_price),
    date_preset: search?.date_preset ?? '',
    centre: search?.centre ? 'point' : 'city',
    latitude: search?.centre ? String(search.centre.lat) : '',
    longitude: search?.centre ? String(search.centre.lon) : '',
  };
}

const amount = (text: string): number | null | 'invalid' => {
  if (!text.trim()) return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= 1_000_000 ? value : 'invalid';
};

const degrees = (text: string, limit: number): number | 'invalid' => {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= limit ? value : 'invalid';
};

export function savedFiltersPatch(
  subscriber: AdminSubscriber,
  draft: SavedFiltersDraft,
): { patch: SubscriberPatch } | { problems: SavedFilterProblems } | { problem: string } {
  const before = savedFiltersDraftOf(subscriber);
  const problems: SavedFilterProblems = {};
  const min = amount(draft.min_price);
  const max = amount(draft.max_price);
  if (min === 'invalid') problems.min_price = PRICE_RULE;
  if (max === 'invalid') problems.max_price = PRICE_RULE;
  else if (max !== null && min !== null && min !== 'invalid' && max < min) problems.max_price = PRICE_ORDER_RULE;
  const point = draft.centre === 'point';
  const lat = point ? degrees(draft.latitude, 90) : null;
  const lon = point ? degrees(draft.longitude, 180) : null;
  if (lat === 'invalid') problems.latitude = LATITUDE_RULE;
  if (lon === 'invalid') problems.longitude = LONGITUDE_RULE;
  if (!point && !(subscriber.city ?? '').trim()) problems.centre = NO_CITY_RULE;
  if (Object.keys(problems).length > 0) return { problems };

  const patch: SubscriberPatch = {};
  const text = (value: string) => (value.trim() ? value.trim() : null);
  // The selects offer only the server's categories and presets; an empty one clears the filter.
  const oneOf = <T extends string>(choices: readonly T[], value: string): T | null =>
    choices.find((choice) => choice === value) ?? null;
  if (draft.keyword.trim() !== before.keyword) patch.keyword = text(draft.keyword);
  if (draft.category !== before.category) patch.category = oneOf<Category>(CATEGORIES, draft.category);
  if (draft.min_price.trim() !== before.min_price) patch.min_price = min as number | null;
  if (draft.max_price.trim() !== before.max_price) patch.max_price = max as number | null;
  if (draft.date_preset !== before.date_preset) patch.date_preset = oneOf<DatePreset>(DATE_PRESETS, draft.date_preset);
  const centre = subscriber.search?.centre ?? null;
  if (typeof lat === 'number' && typeof lon === 'number') {
    if (!centre || centre.lat !== lat || centre.lon !== lon) {
      patch.latitude = lat;
      patch.longitude = lon;
    }
  } else if (centre) {
    patch.latitude = null;
    patch.longitude = null;
  }
  return Object.keys(patch).length === 0 ? { problem: NO_CHANGES } : { patch };
}

const FIELDS: readonly SavedFilterField[] = [
  'keyword',
  'category',
  'min_price',
  'max_price',
  'date_preset',
  'latitude',
  'longitude',
];

/**
 * A 400 from the server starts with the field it refuses ("latitude: ..."): such a problem is shown beside
 * that field (a refused city means the centre has no place to stand on), anything else above the form.
 */
export function problemOfServer(message: string): { field: SavedFilterField; text: string } | null {
  const match = /^([a-z_]+): (.+)$/s.exec(message.trim());
  if (!match) return null;
  const [, name, text] = match as unknown as [string, string, string];
  if (name === 'city' || name === 'country') return { field: 'centre', text: NO_CITY_RULE };
  const field = FIELDS.find((candidate) => candidate === name);
  return field ? { field, text: `${text.charAt(0).toUpperCase()}${text.slice(1)}` } : null;
}
