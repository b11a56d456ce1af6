import { describe, expect, it } from 'vitest';
import { FALLBACK_SLUG, MAX_SLUG_LENGTH, SLUG_PATTERN, slugCandidate, slugify } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['A Weekend in Lisbon', 'a-weekend-in-lisbon'],
    ['Café & Crème: São Paulo’s Best Nights!', 'cafe-and-creme-sao-paulo-s-best-nights'],
    ['Straße der Musik in Köln', 'strasse-der-musik-in-koln'],
    ['Øresund, Łódź and Ærø', 'oresund-lodz-and-aero'],
    ['  --Many   spaces -- here--  ', 'many-spaces-here'],
    ['Top 10 Festivals of 2026', 'top-10-festivals-of-2026'],
    ['🎉🎶', FALLBACK_SLUG],
    ['東京', FALLBACK_SLUG],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
    expect(slugify(title)).toMatch(SLUG_PATTERN);
  });

  it('cuts long titles at a word boundary under the cap', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug).toMatch(/^(word-)*word$/);
  });

  it('cuts a single over-long word rather than dropping it', () => {
    expect(slugify('x'.repeat(200))).toBe('x'.repeat(MAX_SLUG_LENGTH));
  });
});

describe('slug candidates for repeated titles', () => {
  it('given a taken base, the next candidates are numbered from 2', () => {
    expect([1, 2, 3].map((n) => slugCandidate('city-guide', n))).toEqual([
      'city-guide',
      'city-guide-2',
      'city-guide-3',
    ]);
  });

  it('keeps a numbered candidate within the cap', () => {
    const base = slugify('y'.repeat(MAX_SLUG_LENGTH));
    expect(slugCandidate(base, 12).length).toBe(MAX_SLUG_LENGTH);
    expect(slugCandidate(base, 12).endsWith('-12')).toBe(true);
  });
});
