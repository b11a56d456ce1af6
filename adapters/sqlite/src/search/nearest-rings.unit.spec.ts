import { describe, expect, it } from 'vitest';
import type { SearchQuery } from '@evently/platform';
import { nearestFirst, ringRadii } from './nearest-rings.ts';

const near = { field: 'location', lat: 52.52, lon: 13.405, radiusKm: 25 };

describe('nearest rings', () => {
  it('apply to a near query ordered by distance, nearest first, without text', () => {
    expect(nearestFirst({ near, sort: [{ by: 'distance', direction: 'asc' }] })).toBe(true);
    expect(
      nearestFirst({
        near,
        sort: [
          { by: 'relevance' },
          { by: 'distance', direction: 'asc' },
          { by: 'field', field: 'date', direction: 'desc' },
        ],
      }),
    ).toBe(true);
    const not: SearchQuery[] = [
      { near, sort: [{ by: 'distance', direction: 'desc' }] },
      {
        near,
        sort: [
          { by: 'field', field: 'date', direction: 'asc' },
          { by: 'distance', direction: 'asc' },
        ],
      },
      { near, text: 'jazz', sort: [{ by: 'distance', direction: 'asc' }] },
      { near },
      { sort: [{ by: 'distance', direction: 'asc' }] },
    ];
    for (const query of not) expect(nearestFirst(query)).toBe(false);
  });

  it('start where an even spread would hold a quarter of the rows, double inside the circle, and skip small circles', () => {
    // 12,800 matches in 25 km, 100 rows: a quarter of 100 rows is 1/512 of the area.
    const radii = ringRadii(25, 100, 12_800);
    expect(radii[0]).toBeCloseTo(25 * Math.sqrt(25 / 12_800), 9);
    expect(radii.map((r) => r / radii[0]!)).toEqual([1, 2, 4, 8, 16].slice(0, radii.length));
    expect(radii.every((r) => r < 25)).toBe(true);
    expect(ringRadii(25, 100, 799)).toEqual([]);
    expect(ringRadii(25, 0, 1000)).toEqual([]);
  });
});
