/**
 * Near me by distance read point by point (nearest-points.ts) must give what the row-by-row plan gives: the same
 * total, the same rows in the same order and the same distances, double for double. The reference here is that
 * plan written out: one distance per row (the shared `haversineKmSql`), every row of the circle sorted. Events sit
 * on venues, many per venue, as they do in the generated million and in real catalogues.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IndexDocument, type SearchQuery, seededRandom } from '@evently/platform';
import { openIndexedTestFile, type IndexedTestFile } from '../testing/indexed-test-file.ts';
import { column } from './index-layout.ts';
import { haversineKmSql, planMatch } from './search-sql.ts';
import { createStatementCache } from './statement-cache.ts';
import { CountCache } from './count-cache.ts';
import { MAX_BAND_POINTS, createNearestPoints, type NearestPoints } from './nearest-points.ts';
import { bandPointsOf } from './band-points.ts';

const next = seededRandom(7).next;
const CITIES = [
  { lat: 52.52, lon: 13.405 },
  { lat: 52.37, lon: 4.9 },
  { lat: -33.87, lon: 151.21 },
];
// Eight venues per city within about 10 km of its centre, plus a second venue on the first one's spot.
const venues = CITIES.flatMap((city) =>
  Array.from({ length: 8 }, () => ({ lat: city.lat + (next() - 0.5) * 0.15, lon: city.lon + (next() - 0.5) * 0.2 })),
);
const docs: IndexDocument[] = Array.from({ length: 4000 }, (_, i) => ({
  id: `e${i}`,
  name: `Event ${i}`,
  category: ['music', 'food', 'sports'][i % 3],
  price: i % 9 === 0 ? null : Math.round(next() * 120),
  date: Date.UTC(2030, 0, 1) + Math.floor(next() * 300) * 3_600_000,
  location: i % 40 === 0 ? null : venues[Math.floor(next() * venues.length)],
}));

let file: IndexedTestFile;
beforeAll(async () => {
  file = await openIndexedTestFile('evently-nearest-points-', docs, { readerThreads: 0 });
});
afterAll(async () => {
  await file.close();
});

/** The row-by-row plan on `on`: every row's distance, every row of the circle sorted by (distance, id). */
function rowByRow(
  query: SearchQuery,
  on: IndexedTestFile = file,
): { total: number; ids: string[]; distances: number[]; rids: number[] } {
  const near = query.near!;
  const filters = planMatch(on.layout, { filters: query.filters ?? [] }, null, false);
  const params: Record<string, unknown> = { ...filters.params, radiusKm: near.radiusKm };
  let n = 0;
  const distance = haversineKmSql(
    `d.${column.lat('location')}`,
    `d.${column.lon('location')}`,
    near.lat,
    near.lon,
    (value) => {
      params[`r${n}`] = value;
      return `@r${n++}`;
    },
  );
  const where = [...filters.where, `d.${column.lat('location')} IS NOT NULL`, `${distance} <= @radiusKm`].join(' AND ');
  const rows = on.db
    .prepare(`SELECT d.rid, d.id, ${distance} AS dist FROM ${on.layout.docs} d WHERE ${where} ORDER BY dist, d.id_key`)
    .all(params) as Array<{ rid: number; id: string; dist: number }>;
  const page = rows.slice(query.offset ?? 0, (query.offset ?? 0) + (query.limit ?? 100));
  return {
    total: rows.length,
    ids: page.map((row) => row.id),
    distances: page.map((row) => row.dist),
    rids: page.map((row) => row.rid),
  };
}

const nearQuery = (lat: number, lon: number, extra: Partial<SearchQuery> = {}): SearchQuery => ({
  near: { field: 'location', lat, lon, radiusKm: 25 },
  sort: [{ by: 'distance', direction: 'asc' }],
  ...extra,
});

describe('near me by distance, point by point', () => {
  const centres = [
    ...CITIES,
    { lat: 52.55, lon: 13.3 },
    // Exactly on a venue: distance 0 for its events.
    venues[3]!,
    // Nothing within 25 km.
    { lat: 10, lon: 10 },
  ];
  const variants: Array<Partial<SearchQuery>> = [
    {},
    { limit: 20 },
    { limit: 20, offset: 40 },
    { limit: 100, offset: 130 },
    { limit: 5000 },
    { filters: [{ field: 'date', op: 'range', gte: Date.UTC(2030, 0, 5) }] },
    { filters: [{ field: 'price', op: 'range', gte: 10, lte: 80 }], limit: 30, offset: 5 },
    // Not in the geo index: the filter is tested on the row.
    { filters: [{ field: 'category', op: 'eq', value: 'food' }], limit: 25 },
  ];

  it('gives the row-by-row total, order and distances for centres, pages and filters', async () => {
    let compared = 0;
    for (const centre of centres) {
      for (const variant of variants) {
        const query = nearQuery(centre.lat, centre.lon, variant);
        const result = await file.search.search('events', query);
        const { rids: _, ...expected } = rowByRow(query);
        expect({
          total: result.total,
          ids: result.hits.map((hit) => hit.id),
          distances: result.hits.map((hit) => hit.distanceKm),
        }).toEqual(expected);
        compared += expected.ids.length;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('continues by cursor from a page read point by point', async () => {
    const first = await file.search.search('events', nearQuery(52.52, 13.405, { limit: 50 }));
    const second = await file.search.search(
      'events',
      nearQuery(52.52, 13.405, { limit: 50, after: first.nextCursor! }),
    );
    expect(second.hits.map((hit) => hit.id)).toEqual(rowByRow(nearQuery(52.52, 13.405, { limit: 50, offset: 50 })).ids);
  });

  it('serves these venues from points, and leaves a band of more distinct points than it keeps to the rings', async () => {
    const statements = createStatementCache(file.db);
    const points = createNearestPoints(statements, new CountCache(file.db), bandPointsOf(file.db));
    const served = points.page(file.layout, nearQuery(52.52, 13.405), 100);
    expect(served?.total).toBe(rowByRow(nearQuery(52.52, 13.405)).total);
    // The three shapes the comparison above goes through: the nearest venue's first rows alone, nearer venues'
    // rows plus the farthest one's first rows, every chosen venue's rows.
    const from = (rowsNeeded: number) =>
      points.page(file.layout, nearQuery(52.52, 13.405), rowsNeeded)?.plan.from ?? '';
    expect(from(20)).toContain('LIMIT @lastRows');
    expect(from(20)).not.toContain('VALUES');
    expect(from(230)).toContain('UNION ALL');
    expect(from(5000)).toContain('VALUES');
    expect(from(5000)).not.toContain('UNION ALL');

    const spread: IndexDocument[] = Array.from({ length: MAX_BAND_POINTS + 50 }, (_, i) => ({
      id: `s${i}`,
      name: `Spread ${i}`,
      date: Date.UTC(2030, 0, 1),
      location: { lat: 20.01 + (i % 8) * 0.01, lon: -20 + i * 0.004 },
    }));
    const other = await openIndexedTestFile('evently-nearest-spread-', spread, { readerThreads: 0 });
    try {
      const reader = createNearestPoints(
        createStatementCache(other.db),
        new CountCache(other.db),
        bandPointsOf(other.db),
      );
      expect(reader.page(other.layout, nearQuery(20.05, -12), 100)).toBeNull();
      // The rings still answer it.
      const result = await other.search.search('events', nearQuery(20.05, -12, { limit: 10 }));
      expect(result.hits).toHaveLength(10);
    } finally {
      await other.close();
    }
  });
});

describe("one point's first rows, kept across centres", () => {
  let written: IndexedTestFile;
  beforeAll(async () => {
    written = await openIndexedTestFile('evently-nearest-kept-', docs, { readerThreads: 0 });
  });
  afterAll(async () => {
    await written.close();
  });

  /** The points page on `written`, with its rows, and the row-by-row plan's page there. */
  const served = (points: NearestPoints, lat: number, lon: number, limit = 20) => {
    const query = nearQuery(lat, lon, { limit });
    const page = points.page(written.layout, query, limit);
    const { rids, distances } = rowByRow(query, written);
    return {
      rows: page?.rows?.map((row) => ({ rid: row.rid, dist: row.dist })),
      expected: rids.map((rid, i) => ({ rid, dist: distances[i] })),
    };
  };

  it('serves a nearby centre from the same rows, and reads them again after a write at that point only', async () => {
    const points = createNearestPoints(
      createStatementCache(written.db),
      new CountCache(written.db),
      bandPointsOf(written.db),
    );
    const venue = venues[3]!;
    // Two centres a few hundred metres apart whose nearest venue is the same one, with more than 20 events.
    const first = served(points, venue.lat + 0.002, venue.lon);
    expect(first.rows).toEqual(first.expected);
    const reads = points.tally().pointRowsRead;
    const second = served(points, venue.lat - 0.002, venue.lon + 0.001);
    expect(second.rows).toEqual(second.expected);
    expect(second.rows!.map((row) => row.rid)).toEqual(first.rows!.map((row) => row.rid));
    expect(points.tally().pointRowsRead).toBe(reads);

    // A write in another city's band leaves the kept rows.
    await written.search.upsert('events', [
      { id: 'far', name: 'Far away', date: Date.UTC(2030, 0, 2), location: { lat: -33.9, lon: 151.2 } },
    ]);
    expect(served(points, venue.lat, venue.lon).rows).toEqual(served(points, venue.lat, venue.lon).expected);
    expect(points.tally().pointRowsRead).toBe(reads);

    // At the venue: a new event whose id sorts first, and the page's first row removed. Read again, and exact.
    const [gone] = first.rows!;
    const goneId = written.db.prepare(`SELECT id FROM ${written.layout.docs} WHERE rid = ?`).pluck().get(gone!.rid);
    await written.search.delete('events', [String(goneId)]);
    await written.search.upsert('events', [
      { id: 'e0000', name: 'First at the venue', date: Date.UTC(2030, 0, 2), location: venue },
    ]);
    const after = served(points, venue.lat + 0.002, venue.lon);
    expect(after.rows).toEqual(after.expected);
    expect(after.rows!.map((row) => row.rid)).not.toContain(gone!.rid);
    expect(points.tally().pointRowsRead).toBe(reads + 1);
  });
});
