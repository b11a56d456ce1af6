/** The product's categories (spec 01 §3). The first eleven have fixed placeholder colours; Gift Cards is extra. */
export const CATEGORIES = [
  'Music & Concerts',
  'Sports & Recreation',
  'Arts & Culture',
  'Food & Drink',
  'Business & Professional',
  'Community & Social',
  'Education & Learning',
  'Health & Wellness',
  'Technology',
  'Entertainment',
  'Other',
  'Gift Cards',
] as const;

export type Category = (typeof CATEGORIES)[number];
