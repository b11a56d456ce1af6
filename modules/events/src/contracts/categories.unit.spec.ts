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

describe('category colours behind white text', () => {
  const luminance = (hex: string) => {
    const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
    const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };

  it('keeps badge text at WCAG AA contrast (4.5:1) for every category', () => {
    for (const colour of Object.values(CATEGORY_COLORS)) {
      expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
