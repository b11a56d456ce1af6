/**
 * Map boxes counted from the trigger-kept cells (area-counts.ts) against a brute-force count of the documents:
 * boxes whose edges fall on cell boundaries and between them, points on cell boundaries, cutoffs on a day's
 * boundary, near a day's start and near its end, "gt" and "gte", and after inserts, moves, date changes and deletes
 * (the triggers) and on an index loaded in bulk (the backfill). Near me by distance reads its points the same
 * way (whole days, then the cutoff's part of its day), checked the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createTempDataDir, contractSchema } from '@evently/platform/testing';
import { type IndexDocument, type SearchIndex, type SearchQuery, seededRandom } from '@evently/platform';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';
import { DAY_MS, innerCells } from './area-counts.ts';

interface Doc extends IndexDocument {
  name: string;
  date: number | null;
  location: { lat: number; lon: number } | null;
}

const next = seededRandom(7).next;
const DAY0 = Date.UTC(2030, 0, 10);
/** Points clustered on a few places (many on cell boundaries: 48.1, 6.3), some spread out. */
const PLACES = [
  { lat: 48.1, lon: 6.3 },
  { lat: 48.15, lon: 6.35 },
  { lat: 47.99, lon: 5.2 },
  { lat: 50, lon: 10 },
  { lat: 45.05, lon: 7.95 },
];
const pointFor = (i: number): Doc['location'] => {
  if (i % 40 === 0) return null;
  if (i % 3 === 0) return { lat: 44 + next() * 8, lon: 4 + next() * 8 };
  return PLACES[i % PLACES.length]!;
};
/** Starts on day boundaries, on whole hours and anywhere, over ten days; a few without a start. */
const dateFor = (i: number): number | null => {
  if (i % 37 === 0) return null;
  if (i % 5 === 0) return DAY0 + Math.floor(next() * 10) * DAY_MS;
  if (i % 5 === 1) return DAY0 + Math.floor(next() * 240) * 3_600_000;
  return DAY0 + Math.floor(next() * 10 * DAY_MS);
};
const makeDoc = (i: number): Doc => ({ id: String(i), name: `Event ${i}`, date: dateFor(i), location: pointFor(i) });
const initial: Doc[] = Array.from({ length: 2500 }, (_, i) => makeDoc(i + 1));
// Starts exactly at a "gt" cutoff in the later half of its day (below), at a place every box and circle holds.
for (const id of [7, 14, 28])
  Object.assign(initial[id - 1]!, { date: DAY0 + 5 * DAY_MS + 13 * 3_600_000, location: PLACES[0] });

interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}
const BOXES: Box[] = [
  { south: 45, north: 50, west: 5, east: 10 },
  { south: 47.95, north: 48.2, west: 6.25, east: 6.45 },
  { south: 44.37, north: 51.93, west: 4.61, east: 11.29 },
  { south: 48.1, north: 48.1, west: 6.3, east: 6.3 },
  { south: 46.04, north: 49.98, west: 5.2, east: 7.95 },
  { south: -10, north: 80, west: -20, east: 60 },
];
const CUTOFFS: Array<{ gte: number } | { gt: number }> = [
  { gte: DAY0 - DAY_MS },
  { gte: DAY0 + 3 * DAY_MS },
  { gt: DAY0 + 3 * DAY_MS },
  { gte: DAY0 + 3 * DAY_MS + 60_000 },
  { gte: DAY0 + 4 * DAY_MS - 60_000 },
  { gt: DAY0 + 5 * DAY_MS + 13 * 3_600_000 },
  { gte: DAY0 + 6 * DAY_MS + 11 * 3_600_000 + 1 },
  { gte: DAY0 + 20 * DAY_MS },
];

const bruteForce = (docs: Iterable<Doc>, box: Box, cutoff: { gte: number } | { gt: number }): number => {
  let n = 0;
  for (const doc of docs) {
    const { location: at, date } = doc;
    if (!at || date === null) continue;
    if (at.lat < box.south || at.lat > box.north || at.lon < box.west || at.lon > box.east) continue;
    if ('gte' in cutoff ? date >= cutoff.gte : date > cutoff.gt) n++;
  }
  return n;
};

const query = (box: Box, cutoff: { gte: number } | { gt: number }): SearchQuery => ({
  filters: [{ field: 'date', op: 'range', ...cutoff }],
  bounds: { field: 'location', ...box },
  sort: [{ by: 'field', field: 'date', direction: 'asc' }],
});

let dataDir: { dir: string; remove: () => Promise<void> };
let search: SearchIndex;
const held = new Map<string, Doc>();

const haversineKm = (a: { lat: number; lon: number }, b: { lat: number; lon: number }): number => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};
const CENTRES = [PLACES[0]!, { lat: 47.2, lon: 7.1 }];

/**
 * Near me by distance (nearest-points.ts reads its bands from whole days): totals and pages as a scan gives them,
 * by distance alone (as the app asks: ties by id) and then by date.
 */
async function expectBruteForceNearMe() {
  for (const byDate of [false, true]) {
    for (const centre of CENTRES) {
      for (const cutoff of CUTOFFS) {
        const after = (date: number) => ('gte' in cutoff ? date >= cutoff.gte : date > cutoff.gt);
        const nearest = [...held.values()]
          .filter((d) => d.location && d.date !== null && after(d.date) && haversineKm(centre, d.location) <= 60)
          .sort(
            (a, b) =>
              haversineKm(centre, a.location!) - haversineKm(centre, b.location!) ||
              (byDate ? a.date! - b.date! : 0) ||
              Number(a.id) - Number(b.id),
          );
        for (const offset of [0, 20]) {
          const answer = await search.search('events', {
            near: { field: 'location', ...centre, radiusKm: 60 },
            filters: [{ field: 'date', op: 'range', ...cutoff }],
            sort: [
              { by: 'distance', direction: 'asc' },
              ...(byDate ? [{ by: 'field' as const, field: 'date', direction: 'asc' as const }] : []),
            ],
            offset,
            limit: 20,
          });
          const ids = nearest.slice(offset, offset + 20).map((d) => d.id);
          expect({
            byDate,
            centre,
            cutoff,
            offset,
            total: answer.total,
            ids: answer.hits.map((hit) => hit.id),
          }).toEqual({ byDate, centre, cutoff, offset, total: nearest.length, ids });
        }
      }
    }
  }
}

async function expectBruteForceCounts() {
  await expectBruteForceNearMe();
  for (const box of BOXES) {
    for (const cutoff of CUTOFFS) {
      const expected = bruteForce(held.values(), box, cutoff);
      expect({ box, cutoff, total: await search.count('events', query(box, cutoff)) }).toEqual({
        box,
        cutoff,
        total: expected,
      });
      // A page's total is the same count (the box in date order is counted before its page is read).
      expect((await search.search('events', { ...query(box, cutoff), limit: 5 })).total).toBe(expected);
    }
  }
}

beforeAll(async () => {
  dataDir = await createTempDataDir('evently-area-counts-');
  search = createSqliteSearchIndex({ file: join(dataDir.dir, 'search.sqlite'), readerThreads: 0 });
  await search.init(contractSchema('events'));
  await search.upsert('events', initial);
  for (const doc of initial) held.set(doc.id, doc);
});
afterAll(async () => {
  await search.close();
  await dataDir.remove();
});

describe('area counts', () => {
  it('picks only cells wholly inside the box, at most two cells from its edges', () => {
    for (const [low, high] of [
      [45, 50],
      [48.1, 48.3],
      [48.15, 48.25],
      [-0.05, 0.25],
      [-180, 180],
      [6.3, 6.3],
    ] as Array<[number, number]>) {
      const [first, last] = innerCells(low, high);
      if (first <= last) expect(first / 10 >= low && (last + 1) / 10 <= high).toBe(true);
      expect(first / 10 - low).toBeLessThanOrEqual(0.2);
      expect(high - (last + 1) / 10).toBeLessThanOrEqual(0.2);
    }
    expect(innerCells(45, 50)).toEqual([451, 498]);
  });

  it('counts every box and cutoff as a scan of the documents does', async () => {
    await expectBruteForceCounts();
  });

  it('follows inserts, moves, date changes and deletes', async () => {
    const added = Array.from({ length: 300 }, (_, i) => makeDoc(5000 + i));
    await search.upsert('events', added);
    for (const doc of added) held.set(doc.id, doc);
    // Moved onto a cell boundary, off the map, to another day, to no date; the same row written again unchanged.
    const changed: Doc[] = [];
    for (const id of ['3', '6', '9', '12', '15', '18', '21']) {
      const doc = held.get(id)!;
      changed.push({ ...doc, location: { lat: 48.2, lon: 6.4 } });
    }
    changed.push({ ...held.get('30')!, location: null });
    changed.push({ ...held.get('31')!, date: DAY0 + 3 * DAY_MS });
    changed.push({ ...held.get('32')!, date: null });
    changed.push({ ...held.get('33')! });
    await search.upsert('events', changed);
    for (const doc of changed) held.set(doc.id, doc);
    const removed = ['1', '2', '4', '5', '5001', '5002', '40'];
    await search.delete('events', removed);
    for (const id of removed) held.delete(id);
    await expectBruteForceCounts();
  });

  it('fills the cells of an index loaded in bulk', async () => {
    const rebuild = await search.beginRebuild('events');
    await rebuild.upsert([...held.values()]);
    await rebuild.commit();
    await expectBruteForceCounts();
  });
});
