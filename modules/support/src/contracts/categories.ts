/** Support categories (spec 02 §3 "Support category"): the form's list comes from here, and only these are accepted. */
import type { SupportCategory } from './ticket-answers.ts';

export const SUPPORT_CATEGORIES: readonly SupportCategory[] = [
  { value: 'general', label: 'General question' },
  { value: 'tickets_booking', label: 'Tickets & booking' },
  { value: 'refunds', label: 'Refunds & exchanges' },
  { value: 'events_listings', label: 'Event information & listings' },
  { value: 'digest', label: 'Weekly digest' },
  { value: 'reviews', label: 'Reviews' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'account_privacy', label: 'Privacy & personal data' },
  { value: 'technical', label: 'Technical problem' },
  { value: 'other', label: 'Other' },
];

export const CATEGORY_VALUES = SUPPORT_CATEGORIES.map((category) => category.value) as [string, ...string[]];

/** What a ticket without a chosen category is filed under. */
export const DEFAULT_CATEGORY = 'general';

export const categoryLabel = (value: string) =>
  SUPPORT_CATEGORIES.find((category) => category.value === value)?.label ?? value;
