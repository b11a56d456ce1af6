/** The admin's saved-search edit: the fields as typed, and the patch of what changed (an empty field clears). */
import { NO_CHANGES, type SubscriberPatch } from './subscriber-rules.ts';
import type { AdminSubscriber } from './types.ts';

export interface SavedFiltersDraft {
  keyword: string;
  category: string;
  min_price: string;
  max_price: string;
  date_preset: string;
}

export const PRICE_RULE = 'Prices must be amounts of US dollars, the maximum not below the minimum';

export function savedFiltersDraftOf(subscriber: AdminSubscriber): SavedFiltersDraft {
  const search = subscriber.search;
  return {
    keyword: search?.keyword ?? '',
    category: search?.category ?? '',
    min_price: search?.min_price == null ? '' : String(search.min_price),
    max_price: search?.max_price == null ? '' : String(search.max_price),
    date_preset: search?.date_preset ?? '',
  };
}

const amount = (text: string): number | null | 'invalid' => {
  if (!text.trim()) return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : 'invalid';
};

export function savedFiltersPatch(
  subscriber: AdminSubscriber,
  draft: SavedFiltersDraft,
): { patch: SubscriberPatch } | { problem: string } {
  const before = savedFiltersDraftOf(subscriber);
  const min = amount(draft.min_price);
  const max = amount(draft.max_price);
  if (min === 'invalid' || max === 'invalid' || (min !== null && max !== null && max < min))
    return { problem: PRICE_RULE };
  const patch: SubscriberPatch = {};
  const text = (value: string) => (value.trim() ? value.trim() : null);
  if (draft.keyword.trim() !== before.keyword) patch.keyword = text(draft.keyword);
  if (draft.category !== before.category) patch.category = text(draft.category);
  if (draft.min_price.trim() !== before.min_price) patch.min_price = min;
  if (draft.max_price.trim() !== before.max_price) patch.max_price = max;
  if (draft.date_preset !== before.date_preset) patch.date_preset = text(draft.date_preset);
  return Object.keys(patch).length === 0 ? { problem: NO_CHANGES } : { patch };
}
