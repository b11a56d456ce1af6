/**
 * The product's categories (spec 01 §3) and the fixed colours of their generated placeholder images and
 * badges. Every colour keeps white text at a contrast of at least 4.5:1, so badges pass WCAG AA.
 */
export const CATEGORY_COLORS = {
  'Music & Concerts': '#7c3aed',
  'Sports & Recreation': '#15803d',
  'Arts & Culture': '#be185d',
  'Food & Drink': '#c2410c',
  'Business & Professional': '#1d4ed8',
  'Community & Social': '#0e7490',
  'Education & Learning': '#4338ca',
  'Health & Wellness': '#047857',
  Technology: '#0369a1',
  Entertainment: '#b91c1c',
  Other: '#4b5563',
} as const satisfies Record<string, string>;

export type ColouredCategory = keyof typeof CATEGORY_COLORS;

/** Gift Cards exists as a category but has no colour of its own; it is drawn like Other. */
export const CATEGORIES = [...(Object.keys(CATEGORY_COLORS) as ColouredCategory[]), 'Gift Cards'] as const;

export const GIFT_CARDS_CATEGORY = 'Gift Cards';

function isColouredCategory(category: string): category is ColouredCategory {
  return Object.hasOwn(CATEGORY_COLORS, category);
}

/** Unknown, missing and uncoloured categories fall back to Other's colour. */
export function categoryColor(category: string | null | undefined): string {
  return category && isColouredCategory(category) ? CATEGORY_COLORS[category] : CATEGORY_COLORS.Other;
}
