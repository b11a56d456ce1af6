/**
 * A band's points kept with their rows (band-points.ts) and brought up to date from the changed rows must be
 * exactly what grouping the band again gives, after every kind of write a feed makes in it: a new event at a
 * venue and at a new venue, an event moving between venues, leaving the band or losing its place, an event
 * starting or ceasing to meet the filters, an event removed. A write outside the band leaves the kept points as
 * they are, without a patch.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { IndexDocument } from '@evently/platform';
import { indexedTestFileForSpec } from '../testing/indexed-test-file.ts';
import { bandPointsOf, type BandPoint, type BandPointsRequest } from './band-points.ts';
import { column, geoIndex } from './index-layout.ts';
import { planMatch } from './search-sql.ts';

const day = Date.UTC(2031, 4, 1);
const iso = (hours: number) => new Date(day + hours * 3_600_000).toISOString();
// Five venues inside the band [52.5, 52.6), one just below it, one in a band far away.
const VENUES = [
  { lat: 52.51, lon: 13.4 },
  { lat: 52.52, lon: 13.41 },
  { lat: 52.55, lon: 13.35 },
  { lat: 52.599, lon: 13.5 },
  { lat: 52.5, lon: 13.2 },
  { lat: 52.499, lon: 13.4 },
  { lat: -33.87, lon: 151.21 },
];
const docs: IndexDocument[] = Array.from({ length: 700 }, (_, i) => ({
  id: `e${i}`,
  name: `Event ${i}`,
  category: i % 3 === 0 ? 'Music' : 'Food',
  date: iso(i),
  location: i % 50 === 0 ? undefined : VENUES[i % VENUES.length],
}));

const file = indexedTestFileForSpec('evently-band-points-', docs, { readerThreads: 0 });
const BAND: [number, number] = [52.5, 52.6];

/** Music from hour 100 on: the filters a patch must test again on each changed row. */
function request(): BandPointsRequest {
  const filters = planMatch(
    file.layout,
    {
      filters: [
        { field: 'category', op: 'eq', value: 'Music' },
        { field: 'date', op: 'range', gte: iso(100) },
      ],
    },
    null,
    false,
    { geoIndex: true },
  );
  return { field: 'location', filters, band: BAND, mostPoints: 64 };
}

/** The band grouped in SQL on a new connection, which keeps nothing. */
function groupedAgain(): BandPoint[] {
  const { layout } = file;
  const { filters } = request();
  const lat = `d.${column.lat('location')}`;
  const lon = `d.${column.lon('location')}`;
  const db = new Database(file.db.name, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT ${lat}, ${lon}, count(*) FROM ${filters.from} INDEXED BY ${geoIndex(layout, 'location')} ` +
          `WHERE ${[`${lat} >= @low`, `${lat} < @high`, ...filters.where].join(' AND ')} GROUP BY 1, 2`,
      )
      .raw()
      .all({ ...filters.params, low: BAND[0], high: BAND[1] }) as BandPoint[];
  } finally {
    db.close();
  }
}

const kept = () => bandPointsOf(file.db).points(file.layout, request());

describe("a band's points brought up to date from the changed rows", () => {
  it('equal the band grouped again after every kind of write in it, patched rather than read', async () => {
    const bands = bandPointsOf(file.db);
    expect(kept()).toEqual(groupedAgain());
    const start = bands.tally();
    const music = { category: 'Music', date: iso(200) };
    await file.search.upsert('events', [
      // New events at a kept venue and at a new one in the band; one at a venue below it.
      { id: 'n1', name: 'New at a venue', ...music, location: VENUES[1] },
      { id: 'n2', name: 'New venue', ...music, location: { lat: 52.58, lon: 13.45 } },
      { id: 'n3', name: 'Below the band', ...music, location: VENUES[5] },
      // e3 (Music, venue 3) moves to venue 0; e6 (Music) leaves the band; e9 (Music) loses its place.
      { id: 'e3', name: 'Moved', ...music, location: VENUES[0] },
      { id: 'e6', name: 'Left', ...music, location: VENUES[6] },
      { id: 'e9', name: 'Placeless', ...music },
      // e1 (Food) starts meeting the filters where it is; e105 (Music) stops: too early now.
      { id: 'e1', name: 'Now music', category: 'Music', date: iso(300), location: VENUES[1] },
      { id: 'e105', name: 'Too early', category: 'Music', date: iso(5), location: VENUES[0] },
    ]);
    await file.search.delete('events', ['e102', 'e111']);
    expect(kept()).toEqual(groupedAgain());
    expect(bands.tally()).toEqual({ read: start.read, patched: start.patched + 1 });

    // Every event of venue 2 leaves: its point goes from the answer, and comes back with a later event.
    const atVenue2 = docs.filter((doc, i) => i % VENUES.length === 2 && doc.location).map((doc) => String(doc.id));
    await file.search.delete('events', atVenue2);
    expect(kept()!.some(([lat, lon]) => lat === VENUES[2]!.lat && lon === VENUES[2]!.lon)).toBe(false);
    expect(kept()).toEqual(groupedAgain());
    await file.search.upsert('events', [{ id: 'back', name: 'Back', ...music, location: VENUES[2] }]);
    expect(kept()).toEqual(groupedAgain());
  });

  it('a write outside the band leaves its kept points as they are, without a patch', async () => {
    const bands = bandPointsOf(file.db);
    const before = kept();
    const tally = bands.tally();
    await file.search.upsert('events', [
      { id: 'far', name: 'Far away', category: 'Music', date: iso(400), location: VENUES[6] },
    ]);
    expect(kept()).toBe(before);
    expect(bands.tally()).toEqual(tally);
  });

  it('a band with more points than asked for answers null, and again after a write in it', async () => {
    const bands = bandPointsOf(file.db);
    const few = { ...request(), mostPoints: 2 };
    expect(bands.points(file.layout, few)).toBeNull();
    await file.search.upsert('events', [
      { id: 'more', name: 'More', category: 'Music', date: iso(500), location: VENUES[0] },
    ]);
    expect(bands.points(file.layout, few)).toBeNull();
  });
});
