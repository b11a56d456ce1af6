/**
 * Source classifications -> our categories. The tables are data (and reproduced in docs/ingestion.md) so a
 * new genre is one line. Keys are lower case; lookups trim and lower-case the source's value.
 */
import type { Category } from '@evently/events';

/** Ticketmaster genres that do not belong to their segment's default category. Checked before the segment. */
export const TICKETMASTER_GENRE_CATEGORIES: Readonly<Record<string, Category>> = {
  comedy: 'Entertainment',
  'magic & illusion': 'Entertainment',
  'circus & specialty acts': 'Entertainment',
  family: 'Entertainment',
  "children's theatre": 'Entertainment',
  'food & drink': 'Food & Drink',
  'health/wellness': 'Health & Wellness',
  'lecture/seminar': 'Education & Learning',
  'fairs & festivals': 'Community & Social',
  'community/civic': 'Community & Social',
  'hobby/special interest expos': 'Community & Social',
  'business & professional': 'Business & Professional',
  conferences: 'Business & Professional',
  technology: 'Technology',
  'computers & technology': 'Technology',
};

/** Ticketmaster segments (the top level of its classification). */
export const TICKETMASTER_SEGMENT_CATEGORIES: Readonly<Record<string, Category>> = {
  music: 'Music & Concerts',
  sports: 'Sports & Recreation',
  'arts & theatre': 'Arts & Culture',
  film: 'Entertainment',
  miscellaneous: 'Other',
  undefined: 'Other',
};

/** Fever plan categories as its partner feed names them. */
export const FEVER_CATEGORIES: Readonly<Record<string, Category>> = {
  concerts: 'Music & Concerts',
  music: 'Music & Concerts',
  candlelight: 'Music & Concerts',
  'live music': 'Music & Concerts',
  festivals: 'Music & Concerts',
  theatre: 'Arts & Culture',
  musicals: 'Arts & Culture',
  dance: 'Arts & Culture',
  exhibitions: 'Arts & Culture',
  museums: 'Arts & Culture',
  'art & culture': 'Arts & Culture',
  culture: 'Arts & Culture',
  tours: 'Arts & Culture',
  'food & drink': 'Food & Drink',
  gastronomy: 'Food & Drink',
  'wine tasting': 'Food & Drink',
  sports: 'Sports & Recreation',
  outdoors: 'Sports & Recreation',
  'outdoor activities': 'Sports & Recreation',
  wellness: 'Health & Wellness',
  'health & wellness': 'Health & Wellness',
  'spa & wellness': 'Health & Wellness',
  workshops: 'Education & Learning',
  classes: 'Education & Learning',
  courses: 'Education & Learning',
  talks: 'Education & Learning',
  networking: 'Business & Professional',
  business: 'Business & Professional',
  conferences: 'Business & Professional',
  technology: 'Technology',
  gaming: 'Technology',
  'virtual reality': 'Technology',
  comedy: 'Entertainment',
  nightlife: 'Entertainment',
  cinema: 'Entertainment',
  'immersive experiences': 'Entertainment',
  experiences: 'Entertainment',
  'escape rooms': 'Entertainment',
  kids: 'Entertainment',
  family: 'Entertainment',
  shows: 'Entertainment',
  community: 'Community & Social',
  markets: 'Community & Social',
  'social events': 'Community & Social',
  'gift cards': 'Gift Cards',
  'gift card': 'Gift Cards',
};

const key = (value: string | null | undefined): string => (value ?? '').trim().toLowerCase();

export function ticketmasterCategory(segment: string | null | undefined, genre: string | null | undefined): Category {
  return TICKETMASTER_GENRE_CATEGORIES[key(genre)] ?? TICKETMASTER_SEGMENT_CATEGORIES[key(segment)] ?? 'Other';
}

export function feverCategory(category: string | null | undefined): Category {
  return FEVER_CATEGORIES[key(category)] ?? 'Other';
}
