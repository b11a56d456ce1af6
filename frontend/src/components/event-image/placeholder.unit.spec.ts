import { describe, expect, it } from 'vitest';
import { CATEGORY_COLORS } from '../../lib/categories.ts';
import { placeholderDataUri, placeholderSvg, wrapName } from './placeholder.ts';

const text = (svg: string) => [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((match) => match[1]);

describe('generated placeholder image (spec 01 §5, §8, §9; issue 17)', () => {
  it('lays a long name out in full over up to three lines', () => {
    expect(wrapName('A Very Long Festival Name Indeed', 20)).toEqual(['A Very Long Festival', 'Name Indeed']);
    expect(wrapName('Short', 20)).toEqual(['Short']);
  });

  it('cuts only what does not fit in three lines, with ...', () => {
    expect(wrapName('one two three four five six seven eight', 9)).toEqual(['one two', 'three', 'four f...']);
    expect(wrapName('Supercalifragilistic', 8)).toEqual(['Supercal', 'ifragili', 'stic']);
  });

  it('is 400x300 by default and painted in the category colour', () => {
    const svg = placeholderSvg({ name: 'Jazz Night', category: 'Music & Concerts' });
    expect(svg).toContain('width="400" height="300"');
    expect(svg).toContain(`fill="${CATEGORY_COLORS['Music & Concerts']}"`);
    expect(text(svg)).toEqual(['Jazz Night']);
  });

  it('uses the Other colour for an unknown category and honours a custom size', () => {
    const svg = placeholderSvg({ name: 'x', category: 'Mystery', width: 800, height: 600 });
    expect(svg).toContain(`fill="${CATEGORY_COLORS.Other}"`);
    expect(svg).toContain('width="800" height="600"');
  });

  it('escapes markup in the name', () => {
    expect(placeholderSvg({ name: '<b>Rock & "Roll"</b>' })).toContain(
      '&lt;b&gt;Rock &amp; &quot;Roll&quot;&lt;/b&gt;',
    );
  });

  it('is a self-contained SVG data URI', () => {
    const uri = placeholderDataUri({ name: 'Jazz' });
    expect(uri.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(uri.split(',')[1] ?? '')).toContain('<svg');
  });
});
