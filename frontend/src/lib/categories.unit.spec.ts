import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_COLORS, categoryColor } from './categories.ts';

describe('categories', () => {
  it('lists the eleven coloured categories plus Gift Cards', () => {
    expect(CATEGORIES).toHaveLength(12);
    expect(Object.keys(CATEGORY_COLORS)).toHaveLength(11);
    expect(CATEGORIES).toContain('Gift Cards');
  });

  it('gives each coloured category its own colour', () => {
    expect(new Set(Object.values(CATEGORY_COLORS)).size).toBe(11);
    expect(categoryColor('Technology')).toBe(CATEGORY_COLORS.Technology);
  });

  it('draws unknown, missing and Gift Cards categories like Other', () => {
    expect(categoryColor('Gift Cards')).toBe(CATEGORY_COLORS.Other);
    expect(categoryColor(undefined)).toBe(CATEGORY_COLORS.Other);
    expect(categoryColor('toString')).toBe(CATEGORY_COLORS.Other);
  });
});
