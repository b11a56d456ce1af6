import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '@evently/events';
import {
  FEVER_CATEGORIES,
  TICKETMASTER_GENRE_CATEGORIES,
  TICKETMASTER_SEGMENT_CATEGORIES,
  feverCategory,
  ticketmasterCategory,
} from './category-map.ts';

describe('category tables', () => {
  it('map only onto our categories', () => {
    for (const table of [FEVER_CATEGORIES, TICKETMASTER_GENRE_CATEGORIES, TICKETMASTER_SEGMENT_CATEGORIES]) {
      for (const category of Object.values(table)) expect(CATEGORIES).toContain(category);
    }
  });

  it('let a Ticketmaster genre override its segment, case-insensitively, and fall back to Other', () => {
    expect(ticketmasterCategory('Miscellaneous', ' FOOD & DRINK ')).toBe('Food & Drink');
    expect(ticketmasterCategory('Sports', 'Basketball')).toBe('Sports & Recreation');
    expect(ticketmasterCategory(null, null)).toBe('Other');
  });

  it('map Fever categories, unknown ones to Other', () => {
    expect(feverCategory('Candlelight')).toBe('Music & Concerts');
    expect(feverCategory('Gift cards')).toBe('Gift Cards');
    expect(feverCategory('Something new')).toBe('Other');
  });
});
