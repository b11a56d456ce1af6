import { describe, expect, it } from 'vitest';
import { effectiveView, mapHeight, skeletonCount, viewForLocation } from './home-view.ts';
import { resultsCountText } from './results-count.ts';
import { nextRequestBounds } from './viewport-bounds.ts';

describe('the results view', () => {
  it('shows the list instead of Split on a phone, and keeps the other views', () => {
    expect(effectiveView('split', true)).toBe('list');
    expect(effectiveView('split', false)).toBe('split');
    expect(effectiveView('map', true)).toBe('map');
  });

  it('draws the map 650 px high in map view and 750 px in split view, with fewer skeletons in split', () => {
    expect(mapHeight('map')).toBe(650);
    expect(mapHeight('split')).toBe(750);
    expect([skeletonCount('list'), skeletonCount('split')]).toEqual([6, 4]);
  });

  it('switches the list to the map when a location applies, and leaves map and split alone', () => {
    expect(viewForLocation('list')).toBe('map');
    expect(viewForLocation('split')).toBe('split');
  });
});

describe('the count line', () => {
  const base = { loaded: 0, total: 0, answered: false, loading: true, mapLoad: null };

  it("says 'Loading events...' before the first answer", () => {
    expect(resultsCountText(base)).toBe('Loading events...');
  });

  it('says nothing beside the empty state, and counts otherwise', () => {
    expect(resultsCountText({ ...base, answered: true, loading: false })).toBe('');
    expect(resultsCountText({ ...base, answered: true, loading: false, loaded: 100, total: 250 })).toBe(
      '100 of 250 events shown',
    );
  });

  it("shows the map's bulk load while it runs", () => {
    const text = resultsCountText({ ...base, answered: true, mapLoad: { loaded: 2000, total: 5000 } as never });
    expect(text).toBe('2000/5000 loaded');
  });
});

describe("'Only in view' bounds", () => {
  const area = { north: 10, south: 0, east: 20, west: 5 };

  it('keeps the held bounds for a report of the same area, so the query stays the same', () => {
    const held = nextRequestBounds(null, area);
    expect(nextRequestBounds(held, { ...area })).toBe(held);
    expect(nextRequestBounds(held, { ...area, north: 11 })).not.toBe(held);
  });

  it('asks for the whole world when the view spans it, and for nothing without a report', () => {
    expect(nextRequestBounds(null, { north: 80, south: -80, east: 200, west: -200 })).toMatchObject({
      west: -180,
      east: 180,
    });
    expect(nextRequestBounds(null, null)).toBeNull();
  });
});
