/** The product's categories (spec 01 §3). The first eleven have fixed colours; Gift Cards is extra. */
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

export const GIFT_CARDS_CATEGORY = 'Gift Cards' satisfies Category;

/**
 * The colours of the categories' placeholder images, badges and the digest's cards. Every colour keeps white
 * text at a contrast of at least 4.5:1, so badges pass WCAG AA. Gift Cards has none of its own.
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
} as const satisfies Record<Exclude<Category, typeof GIFT_CARDS_CATEGORY>, string>;

type ColouredCategory = keyof typeof CATEGORY_COLORS;

function isColouredCategory(category: string): category is ColouredCategory {
  return Object.hasOwn(CATEGORY_COLORS, category);
}

/** Unknown, missing and uncoloured categories (Gift Cards) are drawn in Other's colour. */
export function categoryColor(category: string | null | undefined): string {
  return category && isColouredCategory(category) ? CATEGORY_COLORS[category] : CATEGORY_COLORS.Other;
}
