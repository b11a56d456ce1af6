/**
 * Map areas dense enough that the adapter walks the sort order's index instead of sorting every match
 * (`ordered-walk.ts`), checked against a brute-force answer computed here: totals, page order and distances
 * must be exactly what a scan of every document with an independent haversine gives, for boxes, circles,
 * both directions, later pages and a page read backwards from the end. Also the plans that read less than the
 * matches: near me by distance from smaller circles (`nearest-rings.ts`) and a category by price from its
 * (category, price) index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createTempDataDir, contractSchema } from '@evently/platform/testing';
import { type IndexDocument, type SearchIndex, type SearchQuery, seededRandom } from '@evently/platform';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';
import { walkBeatsSort } from './ordered-walk.ts';
import { ringRadii } from './nearest-rings.ts';

interface Doc extends IndexDocument {
  name: string;
  date: number;
  price: number | null;
  location: { lat: number; lon: number } | null;
}

const COUNT = 3000;

// Seeded, so a failure can be replayed.
const next = seededRandom(42).next;
const docs: Doc[] = Array.from({ length: COUNT }, (_, i) => ({
  id: String(i + 1),
  // Every other one is a jazz night: a common word for the text walk.
  name: `${i % 2 === 0 ? 'Jazz Night' : 'Event'} ${i + 1}`,
  // Two thirds in western Europe, the rest anywhere; a few without a place or a price.
  location:
    i % 50 === 0
      ? null
      : i % 3 === 0
        ? { lat: next() * 160 - 80, lon: next() * 360 - 180 }
        : { lat: 40 + next() * 15, lon: -5 + next() * 20 },
  // Whole hours, so many events share a start and the id tie-break is exercised.
  date: Date.UTC(2030, 0, 1) + Math.floor(next() * 500) * 3_600_000,
  price: i % 7 === 0 ? null : Math.round(next() * 200),
  category: ['music', 'sports', 'food'][i % 3],
}));
// Ties on the distance: every hundredth event of the cluster at one point.
for (const doc of docs) if (Number(doc.id) % 100 === 2) doc.location = { lat: 48, lon: 6 };

const haversineKm = (a: { lat: number; lon: number }, b: { lat: number; lon: number }): number => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

const from = Date.UTC(2030, 0, 3);
const box = { field: 'location', south: 38, north: 56, west: -6, east: 16 };
const inBox = (d: Doc) =>
  !!d.location &&
  d.location.lat >= box.south &&
  d.location.lat <= box.north &&
  d.location.lon >= box.west &&
  d.location.lon <= box.east;
const centre = { lat: 47, lon: 5 };
const inCircle = (d: Doc) => !!d.location && haversineKm(centre, d.location) <= 900;
const upcoming = (d: Doc) => d.date >= from;
const byDate = (direction: 1 | -1) => (a: Doc, b: Doc) => direction * (a.date - b.date || Number(a.id) - Number(b.id));

let dataDir: { dir: string; remove: () => Promise<void> };
let search: SearchIndex;

beforeAll(async () => {
  dataDir = await createTempDataDir('evently-dense-');
  search = createSqliteSearchIndex({ file: join(dataDir.dir, 'search.sqlite'), readerThreads: 0 });
  await search.init(contractSchema('events'));
  await search.upsert('events', docs);
});
afterAll(async () => {
  await search.close();
  await dataDir.remove();
});

const page = async (query: SearchQuery) => {
  const result = await search.search<Doc>('events', query);
  return {
    total: result.total,
    ids: result.hits.map((hit) => hit.id),
    distances: result.hits.map((hit) => hit.distanceKm),
  };
};

/** Pages of 20 by date from upcoming events at each offset: the scan's total and the scan's order. */
async function expectDatePages(query: SearchQuery, direction: 1 | -1, expected: Doc[], offsets: number[]) {
  for (const offset of offsets) {
    const answer = await page({
      ...query,
      filters: [...(query.filters ?? []), { field: 'date', op: 'range', gte: from }],
      sort: [{ by: 'field', field: 'date', direction: direction === 1 ? 'asc' : 'desc' }],
      offset,
      limit: 20,
    });
    expect(answer.total).toBe(expected.length);
    expect(answer.ids).toEqual(expected.slice(offset, offset + 20).map((d) => d.id));
  }
}

describe('dense map areas on the embedded engine, against a brute-force scan', () => {
  it('the cases below are dense enough for the ordered walk', () => {
    expect(walkBeatsSort(20, docs.filter((d) => inBox(d) && upcoming(d)).length, COUNT)).toBe(true);
    expect(walkBeatsSort(20, 10, COUNT)).toBe(false);
  });

  it.each([
    ['ascending', 1 as const],
    ['descending', -1 as const],
  ])('a box by date %s: same total and pages as a scan', async (_, direction) => {
    const expected = docs.filter((d) => inBox(d) && upcoming(d)).sort(byDate(direction));
    await expectDatePages({ bounds: box }, direction, expected, [0, 40, expected.length - 30]);
  });

  it('a box by price descending, missing prices last', async () => {
    const expected = docs
      .filter((d) => inBox(d) && upcoming(d))
      .sort(
        (a, b) =>
          (a.price === null ? 1 : 0) - (b.price === null ? 1 : 0) ||
          (b.price ?? 0) - (a.price ?? 0) ||
          Number(b.id) - Number(a.id),
      );
    const answer = await page({
      bounds: box,
      filters: [{ field: 'date', op: 'range', gte: from }],
      sort: [{ by: 'field', field: 'price', direction: 'desc' }],
      limit: 20,
    });
    expect(answer.total).toBe(expected.length);
    expect(answer.ids).toEqual(expected.slice(0, 20).map((d) => d.id));
  });

  it('a category with a price range by date: the walk along the date index gives the scan order', async () => {
    const expected = docs
      .filter((d) => d.category === 'music' && d.price !== null && d.price >= 10 && upcoming(d))
      .sort(byDate(1));
    expect(walkBeatsSort(60, expected.length, COUNT)).toBe(true);
    const filters: SearchQuery['filters'] = [
      { field: 'category', op: 'eq', value: 'MUSIC' },
      { field: 'price', op: 'range', gte: 10 },
    ];
    await expectDatePages({ filters }, 1, expected, [0, 40]);
  });

  it.each([
    ['ascending', 1 as const],
    ['descending', -1 as const],
  ])(
    'a common word by date %s: the walk tests each row against the match set and gives the scan order',
    async (_, direction) => {
      const expected = docs.filter((d) => d.name.startsWith('Jazz') && upcoming(d)).sort(byDate(direction));
      expect(walkBeatsSort(60, expected.length, COUNT)).toBe(true);
      await expectDatePages({ text: 'jazz' }, direction, expected, [0, 40, expected.length - 30]);
    },
  );

  it('near me by date: the count a brute-force haversine gives, with its distances', async () => {
    const expected = docs.filter((d) => inCircle(d) && upcoming(d)).sort(byDate(1));
    const answer = await page({
      near: { field: 'location', ...centre, radiusKm: 900 },
      filters: [{ field: 'date', op: 'range', gte: from }],
      sort: [{ by: 'field', field: 'date', direction: 'asc' }],
      limit: 20,
    });
    expect(answer.total).toBe(expected.length);
    expect(answer.ids).toEqual(expected.slice(0, 20).map((d) => d.id));
    answer.distances.forEach((km, i) => expect(km).toBeCloseTo(haversineKm(centre, expected[i]!.location!), 6));
  });

  it.each([
    ['the cluster', centre],
    // Few events near this point: the first rings hold too few, so they grow until one holds the page.
    ['a sparse edge', { lat: 57, lon: 18 }],
  ])(
    "near me by distance from %s: read from smaller circles, the whole circle's total, pages and distances",
    async (_, point) => {
      const within = (d: Doc, km: number) => !!d.location && haversineKm(point, d.location) <= km;
      const nearest = docs
        .filter((d) => within(d, 900) && upcoming(d))
        .sort(
          (a, b) =>
            haversineKm(point, a.location!) - haversineKm(point, b.location!) ||
            a.date - b.date ||
            Number(a.id) - Number(b.id),
        );
      const rings = ringRadii(900, 20, nearest.length);
      expect(rings.length).toBeGreaterThan(0);
      if (point !== centre) expect(nearest.filter((d) => within(d, rings[0]!)).length).toBeLessThan(20);
      for (const offset of [0, 20, 60]) {
        const answer = await page({
          near: { field: 'location', ...point, radiusKm: 900 },
          filters: [{ field: 'date', op: 'range', gte: from }],
          sort: [
            { by: 'distance', direction: 'asc' },
            { by: 'field', field: 'date', direction: 'asc' },
          ],
          offset,
          limit: 20,
        });
        expect(answer.total).toBe(nearest.length);
        expect(answer.ids).toEqual(nearest.slice(offset, offset + 20).map((d) => d.id));
        answer.distances.forEach((km, i) =>
          expect(km).toBeCloseTo(haversineKm(point, nearest[offset + i]!.location!), 6),
        );
      }
    },
  );

  it('near me by distance: events at one place tie on the distance and follow the next sort key', async () => {
    // Every hundredth event of the cluster shares one point (set in beforeAll), at distance 0 from it.
    const point = { lat: 48, lon: 6 };
    const nearest = docs
      .filter((d) => !!d.location && haversineKm(point, d.location) <= 900)
      .sort(
        (a, b) =>
          haversineKm(point, a.location!) - haversineKm(point, b.location!) ||
          b.date - a.date ||
          Number(b.id) - Number(a.id),
      );
    const answer = await page({
      near: { field: 'location', ...point, radiusKm: 900 },
      sort: [
        { by: 'distance', direction: 'asc' },
        { by: 'field', field: 'date', direction: 'desc' },
      ],
      limit: 40,
    });
    expect(answer.total).toBe(nearest.length);
    expect(answer.ids).toEqual(nearest.slice(0, 40).map((d) => d.id));
  });

  it('a category with a price range by price, both ways: read in its (category, price) index order', async () => {
    const matches = docs.filter(
      (d) => d.category === 'music' && d.price !== null && d.price >= 10 && d.price <= 150 && upcoming(d),
    );
    for (const direction of [1, -1] as const) {
      const expected = [...matches].sort((a, b) => direction * (a.price! - b.price! || Number(a.id) - Number(b.id)));
      const query: SearchQuery = {
        filters: [
          { field: 'category', op: 'eq', value: 'Music' },
          { field: 'price', op: 'range', gte: 10, lte: 150 },
          { field: 'date', op: 'range', gte: from },
        ],
        sort: [{ by: 'field', field: 'price', direction: direction === 1 ? 'asc' : 'desc' }],
        limit: 20,
      };
      for (const offset of [0, 40, expected.length - 30]) {
        const answer = await page({ ...query, offset });
        expect(answer.total).toBe(expected.length);
        expect(answer.ids).toEqual(expected.slice(offset, offset + 20).map((d) => d.id));
      }
      const first = await search.search<Doc>('events', query);
      const next = await search.search<Doc>('events', { ...query, after: first.nextCursor! });
      expect(next.hits.map((hit) => hit.id)).toEqual(expected.slice(20, 40).map((d) => d.id));
    }
  });

  it('near me by distance and a small box keep their own plans, same answers as a scan', async () => {
    const nearest = docs
      .filter((d) => inCircle(d))
      .sort(
        (a, b) => haversineKm(centre, a.location!) - haversineKm(centre, b.location!) || Number(a.id) - Number(b.id),
      );
    const byDistance = await page({
      near: { field: 'location', ...centre, radiusKm: 900 },
      sort: [{ by: 'distance', direction: 'asc' }],
      limit: 20,
    });
    expect(byDistance.total).toBe(nearest.length);
    expect(byDistance.ids).toEqual(nearest.slice(0, 20).map((d) => d.id));
    const farthest = [...nearest].reverse();
    const byDistanceDesc = await page({
      near: { field: 'location', ...centre, radiusKm: 900 },
      sort: [{ by: 'distance', direction: 'desc' }],
      limit: 20,
    });
    expect(byDistanceDesc.ids).toEqual(farthest.slice(0, 20).map((d) => d.id));
    const small = { field: 'location', south: 45, north: 46, west: 0, east: 2 };
    const inSmall = docs.filter(
      (d) => !!d.location && d.location.lat >= 45 && d.location.lat <= 46 && d.location.lon >= 0 && d.location.lon <= 2,
    );
    const answer = await page({
      bounds: small,
      sort: [{ by: 'field', field: 'date', direction: 'desc' }],
      limit: 1000,
    });
    expect(answer.total).toBe(inSmall.length);
    expect(answer.ids).toEqual(inSmall.sort(byDate(-1)).map((d) => d.id));
  });
});
