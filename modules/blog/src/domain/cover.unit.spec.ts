import { describe, expect, it } from 'vitest';
import { COVER_WIDTHS, DEFAULT_COVER, canonicalCoverWidth, isAllowedCoverUrl } from './cover.ts';

describe('cover width: both readings of the notes map to one stored value', () => {
  it.each([
    ['full', 'full'],
    ['lg', 'lg'],
    ['large', 'lg'],
    ['md', 'md'],
    ['medium', 'md'],
    [' Large ', 'lg'],
    ['MEDIUM', 'md'],
  ])('%s is stored as %s', (input, stored) => {
    expect(canonicalCoverWidth(input)).toBe(stored);
  });

  it.each(['small', 'xl', '', 'constructor', 'toString'])('refuses %j', (input) => {
    expect(canonicalCoverWidth(input)).toBeNull();
  });

  it('stores only canonical values', () => {
    expect(COVER_WIDTHS).toEqual(['full', 'lg', 'md']);
  });
});

describe('cover defaults', () => {
  it('shows the cover at 16:9, filling its box, at full width', () => {
    expect(DEFAULT_COVER).toEqual({
      cover_visible: true,
      cover_aspect: '16:9',
      cover_fit: 'cover',
      cover_width: 'full',
    });
  });
});

describe('cover address', () => {
  it.each([
    ['https://images.example.com/a.webp', true],
    ['http://images.example.com/a.jpg', true],
    ['/static/blog/covers/lisbon-1200w.webp', true],
    ['//evil.example/a.png', false],
    ['/\\evil.example/a.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['ftp://files.example/a.png', false],
    ['covers/a.png', false],
    ['/with space.png', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedCoverUrl(url)).toBe(allowed);
  });
});
