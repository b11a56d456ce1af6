import { describe, expect, it } from 'vitest';
import { responsiveSources } from './responsive-sources.ts';

describe('responsive image candidates (spec 01 §9)', () => {
  it('offers 800, 1024, 1200 and 1600 wide webp and jpeg candidates for a resizing host', () => {
    const sources = responsiveSources('https://images.unsplash.com/photo-1?q=80');
    expect(sources).toBeDefined();
    const widths = (set: string) => set.split(', ').map((candidate) => candidate.split(' ')[1]);
    expect(widths(sources?.webp ?? '')).toEqual(['800w', '1024w', '1200w', '1600w']);
    expect(sources?.webp).toContain('fm=webp');
    expect(sources?.jpeg).toContain('fm=jpg');
    expect(sources?.fallback).toContain('w=800');
  });

  it('leaves other hosts and invalid URLs alone', () => {
    expect(responsiveSources('https://example.com/a.jpg')).toBeUndefined();
    expect(responsiveSources('not a url')).toBeUndefined();
  });
});
