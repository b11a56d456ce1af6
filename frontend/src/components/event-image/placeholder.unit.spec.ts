import { describe, expect, it } from 'vitest';
import { CATEGORY_COLORS } from '../../lib/categories.ts';
import { placeholderDataUri, placeholderSvg, shortenName } from './placeholder.ts';

describe('generated placeholder image (spec 01 §5, §8, §9)', () => {
  it('cuts names longer than 20 characters to 20 plus ...', () => {
    expect(shortenName('A Very Long Festival Name Indeed')).toBe('A Very Long Festival...');
    expect(shortenName('Exactly twenty chars')).toBe('Exactly twenty chars');
    expect(shortenName('Short')).toBe('Short');
  });

  it('is 400x300 by default and filled with the category colour', () => {
    const svg = placeholderSvg({ name: 'Jazz Night', category: 'Music & Concerts' });
    expect(svg).toContain('width="400" height="300"');
    expect(svg).toContain(`fill="${CATEGORY_COLORS['Music & Concerts']}"`);
    expect(svg).toContain('>Jazz Night</text>');
  });

  it('uses the Other colour for an unknown category and honours a custom size', () => {
    const svg = placeholderSvg({ name: 'x', category: 'Mystery', width: 800, height: 600 });
    expect(svg).toContain(`fill="${CATEGORY_COLORS.Other}"`);
    expect(svg).toContain('width="800" height="600"');
  });

  it('escapes markup in the name', () => {
    expect(placeholderSvg({ name: '<b>Rock & "Roll"</b>' })).toContain('&lt;b&gt;Rock &amp; &quot;Roll&quot;&lt;/b&gt;');
  });

  it('is a self-contained SVG data URI', () => {
    const uri = placeholderDataUri({ name: 'Jazz' });
    expect(uri.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(uri.split(',')[1] ?? '')).toContain('<svg');
  });
});
