/**
 * One 24×24 line drawing per category for the generated artwork (drawn as a large watermark), and which pattern
 * family sits behind it. Our own simple shapes: a note, a ball, a palette, and so on.
 */
export interface CategoryGlyph {
  path: string;
  pattern: number;
}

export const CATEGORY_GLYPHS: Record<string, CategoryGlyph> = {
  'Music & Concerts': {
    path: 'M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM21 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM9 9l12-2',
    pattern: 0,
  },
  'Sports & Recreation': {
    path: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7l4 3-1.5 4.5h-5L8 10zM12 3v4M16 10l4.5-1.5M14.5 14.5L17 19M9.5 14.5L7 19M8 10L3.5 8.5',
    pattern: 1,
  },
  'Arts & Culture': {
    path: 'M12 3a9 9 0 0 0 0 18c1.5 0 2-1 2-2s-1-1.5-1-2.5 1-1.5 2-1.5h2a4 4 0 0 0 4-4c0-4.4-4-8-9-8zM7.5 11.5h.01M10 7.5h.01M15 7.5h.01M17.5 11h.01',
    pattern: 2,
  },
  'Food & Drink': { path: 'M5 3v7a3 3 0 0 0 6 0V3M8 3v18M17 21V3c-2.2 0-4 2.7-4 6s1.8 5 4 5', pattern: 0 },
  'Business & Professional': { path: 'M3 8h18v11H3zM8 8V5a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v3M3 13h18', pattern: 1 },
  'Community & Social': {
    path: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14a6.5 6.5 0 0 1 3.5 6',
    pattern: 2,
  },
  'Education & Learning': { path: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6', pattern: 0 },
  'Health & Wellness': {
    path: 'M12 20s-8-4.5-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.5 12 20 12 20zM6 12h3l1.5-3 3 6 1.5-3h3',
    pattern: 1,
  },
  Technology: {
    path: 'M7 7h10v10H7zM10 10h4v4h-4zM10 3v4M14 3v4M10 17v4M14 17v4M3 10h4M3 14h4M17 10h4M17 14h4',
    pattern: 2,
  },
  Entertainment: { path: 'M12 3l2.6 5.5 6 .8-4.4 4.1 1.1 6-5.3-2.9-5.3 2.9 1.1-6L3.4 9.3l6-.8z', pattern: 0 },
  'Gift Cards': {
    path: 'M3 9h18v4H3zM5 13h14v8H5zM12 9v12M12 9c-1-3-5-4-5-1.5S10 9 12 9zM12 9c1-3 5-4 5-1.5S14 9 12 9z',
    pattern: 1,
  },
  Other: { path: 'M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6', pattern: 2 },
};
