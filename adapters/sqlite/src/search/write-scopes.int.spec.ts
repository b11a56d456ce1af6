/**
 * Kept answers across writes (write-scopes.ts): a write in one city leaves another city's kept rows and counts
 * valid and invalidates its own city's, before and after a move; the same for words (the old text of an
 * updated or deleted document counts), map cells and circles. Word scopes are checked against the terms
 * FTS5 itself makes of the same texts. Answers over the whole index (the upcoming count, date-only facets, a
 * min and max) follow what a write changed: a new event elsewhere leaves them, a write below the cutoff or at a
 * bound invalidates them. Whatever is kept, the answers equal those of a second index with nothing kept (and
 * the trigger-kept counts a scan of the rows), after every write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTempDataDir } from '@evently/platform/testing';
import type { IndexDocument, IndexSchema, SearchIndex, SearchQuery } from '@evently/platform';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';
import { layoutFor } from './index-layout.ts';
import { ftsMatch } from './fts-match.ts';
import { matchSetsOf } from './match-sets.ts';
import {
  addWordScopes,
  boundsDependencies,
  keywordValuesChanged,
  missingValues,
  queryDependencies,
  valuesUpTo,
  writeScopesOf,
  type Dependencies,
} from './write-scopes.ts';

const schema: IndexSchema = {
  name: 'events',
  fields: {
    name: { type: 'text' },
    city: { type: 'keyword', sortedBy: ['start'] },
    category: { type: 'keyword' },
    start: { type: 'date' },
    price: { type: 'number' },
    location: { type: 'geo' },
  },
  fragments: { pin: 1 },
};
const CITIES = {
  Paris: { lat: 48.8566, lon: 2.3522 },
  Lyon: { lat: 45.764, lon: 4.8357 },
  Tokyo: { lat: 35.6762, lon: 139.6503 },
} as const;
type City = keyof typeof CITIES;
const DAY = 86_400_000;
const START = Date.UTC(2031, 0, 1);

const event = (id: number, city: City, name: string, category = 'Music'): IndexDocument => ({
  id: String(id),
  name,
  city,
  category,
  start: START + (id % 20) * DAY,
  price: 10 + (id % 30),
  location: { lat: CITIES[city].lat + (id % 7) / 1000, lon: CITIES[city].lon - (id % 5) / 1000 },
  pin: { id, name },
});
const NAMES = ['Jazz night', 'Flea market', 'Techno rave', 'Jazz brunch', 'Summit on food', 'Yoga morning'];
const initial = Array.from({ length: 120 }, (_, i) =>
  event(i + 1, (['Paris', 'Lyon', 'Tokyo'] as const)[i % 3]!, NAMES[i % NAMES.length]!),
);

let dataDir: { dir: string; remove: () => Promise<void> };
const opened: Array<{ close(): unknown }> = [];
beforeAll(async () => {
  dataDir = await createTempDataDir('evently-write-scopes-');
});
afterAll(async () => {
  for (const item of opened) await item.close();
  await dataDir.remove();
});

/** The index as the owning process writes it, and a read-only connection on the same file following its writes. */
async function openPair(name: string): Promise<{ index: SearchIndex; file: string; reader: Database.Database }> {
  const file = join(dataDir.dir, `${name}.sqlite`);
  const index = createSqliteSearchIndex({ file, readerThreads: 0 });
  await index.init(schema);
  await index.upsert('events', initial);
  const reader = new Database(file, { readonly: true });
  opened.push(index, reader);
  return { index, file, reader };
}

const layout = layoutFor(schema, 1);
const inCity = (city: City): SearchQuery => ({ filters: [{ field: 'city', op: 'eq', value: city }] });
const boxAround = (city: City): SearchQuery => ({
  bounds: {
    field: 'location',
    south: CITIES[city].lat - 0.2,
    north: CITIES[city].lat + 0.2,
    west: CITIES[city].lon - 0.2,
    east: CITIES[city].lon + 0.2,
  },
});
const near = (city: City): SearchQuery => ({
  near: { field: 'location', lat: CITIES[city].lat, lon: CITIES[city].lon, radiusKm: 25 },
});

describe('kept answers follow what each write touched', () => {
  it('a write in one city leaves another city kept and invalidates its own, before and after a move', async () => {
    const { index, reader } = await openPair('cities');
    const scopes = writeScopesOf(reader);
    const deps = (city: City): Dependencies => queryDependencies(layout, inCity(city), null);
    let at = scopes.now(layout);
    await index.upsert('events', [event(1000, 'Lyon', 'Opera gala')]);
    expect(scopes.unchanged(layout, at, deps('Paris'))).toBe(true);
    expect(scopes.unchanged(layout, at, deps('Tokyo'))).toBe(true);
    expect(scopes.unchanged(layout, at, deps('Lyon'))).toBe(false);

    // Event 1 moves from Paris to Tokyo: both cities change.
    at = scopes.now(layout);
    await index.upsert('events', [event(1, 'Tokyo', 'Jazz night')]);
    expect(scopes.unchanged(layout, at, deps('Paris'))).toBe(false);
    expect(scopes.unchanged(layout, at, deps('Tokyo'))).toBe(false);
    expect(scopes.unchanged(layout, at, deps('Lyon'))).toBe(true);

    // Event 2 is in Lyon.
    at = scopes.now(layout);
    await index.delete('events', ['2']);
    expect(scopes.unchanged(layout, at, deps('Lyon'))).toBe(false);
    expect(scopes.unchanged(layout, at, deps('Tokyo'))).toBe(true);
  });

  it('the same for a facet value: a write of another category leaves the category kept', async () => {
    const { index, reader } = await openPair('categories');
    const scopes = writeScopesOf(reader);
    const music = queryDependencies(
      layout,
      { filters: [{ field: 'category', op: 'in', values: ['Music', 'Théâtre'] }] },
      null,
    );
    const at = scopes.now(layout);
    await index.upsert('events', [event(1001, 'Paris', 'Stand-up', 'Comedy')]);
    expect(scopes.unchanged(layout, at, music)).toBe(true);
    await index.upsert('events', [event(1002, 'Paris', 'Play', 'Theatre')]);
    // Keyword values are folded: "Theatre" is "Théâtre".
    expect(scopes.unchanged(layout, at, music)).toBe(false);
  });

  it('a write of other words leaves a word kept; a new, changed or deleted document with the word invalidates it', async () => {
    const { index, reader } = await openPair('words');
    const scopes = writeScopesOf(reader);
    const jazz = ftsMatch(reader, layout, 'jazz')!.expression;
    const deps = queryDependencies(layout, { text: 'jazz' }, jazz);
    const sets = matchSetsOf(reader);
    const kept = sets.load(layout, jazz);
    const jazzy = initial.filter((doc) => String(doc.name).startsWith('Jazz')).length;
    expect(kept.size).toBe(jazzy);

    let at = scopes.now(layout);
    await index.upsert('events', [event(1003, 'Paris', 'Techno marathon')]);
    expect(scopes.unchanged(layout, at, deps)).toBe(true);
    expect(sets.load(layout, jazz)).toBe(kept);

    // A word the prefix matches.
    await index.upsert('events', [event(1004, 'Tokyo', 'Jazzy brunch')]);
    expect(scopes.unchanged(layout, at, deps)).toBe(false);
    const grown = sets.load(layout, jazz);
    expect(grown).not.toBe(kept);
    expect(grown.size).toBe(jazzy + 1);

    // The old text counts: event 1's name loses the word.
    at = scopes.now(layout);
    await index.upsert('events', [event(1, 'Paris', 'Opera night')]);
    expect(scopes.unchanged(layout, at, deps)).toBe(false);
    expect(sets.load(layout, jazz).size).toBe(jazzy);

    at = scopes.now(layout);
    await index.delete('events', ['4']);
    expect(String(initial[3]!.name)).toBe('Jazz brunch');
    expect(scopes.unchanged(layout, at, deps)).toBe(false);
    expect(sets.load(layout, jazz).size).toBe(jazzy - 1);

    // A word whose first letters cannot be folded for sure invalidates every word.
    at = scopes.now(layout);
    await index.upsert('events', [event(1005, 'Paris', 'Øresund ferry')]);
    expect(scopes.unchanged(layout, at, deps)).toBe(false);
  });

  it('a write in another map cell leaves a box and a circle kept; a write inside invalidates them', async () => {
    const { index, reader } = await openPair('cells');
    const scopes = writeScopesOf(reader);
    const box = queryDependencies(layout, boxAround('Paris'), null);
    const circle = queryDependencies(layout, near('Paris'), null);
    expect(box).not.toEqual([['*']]);
    expect(circle).not.toEqual([['*']]);
    let at = scopes.now(layout);
    await index.upsert('events', [event(1006, 'Tokyo', 'Sumo day')]);
    expect(scopes.unchanged(layout, at, box)).toBe(true);
    expect(scopes.unchanged(layout, at, circle)).toBe(true);
    at = scopes.now(layout);
    await index.upsert('events', [event(1007, 'Paris', 'Bal musette')]);
    expect(scopes.unchanged(layout, at, box)).toBe(false);
    expect(scopes.unchanged(layout, at, circle)).toBe(false);
  });

  it('a kept map page survives a write elsewhere and is read again after a write inside', async () => {
    const { index } = await openPair('pages');
    const page: SearchQuery = {
      ...boxAround('Paris'),
      sort: [{ by: 'field', field: 'start', direction: 'asc' }],
      limit: 500,
    };
    const first = await index.searchFragments('events', page, 'pin');
    await index.upsert('events', [event(1008, 'Tokyo', 'Sumo day')]);
    expect(await index.searchFragments('events', page, 'pin')).toBe(first);
    await index.upsert('events', [event(1009, 'Paris', 'Bal musette')]);
    const after = await index.searchFragments('events', page, 'pin');
    expect(after).not.toBe(first);
    expect(after.total).toBe(first.total + 1);
  });

  it('answers with kept values equal those of an index that keeps nothing, after every write', async () => {
    const { index, file } = await openPair('answers');
    const questions: SearchQuery[] = [
      inCity('Paris'),
      inCity('Lyon'),
      { text: 'jazz' },
      { text: 'jazz', filters: [{ field: 'city', op: 'eq', value: 'Paris' }] },
      { text: 'market', filters: [{ field: 'start', op: 'range', gte: START + 5 * DAY }] },
      { filters: [{ field: 'start', op: 'range', gte: START + 5 * DAY + 7_200_000 }] },
      { filters: [{ field: 'price', op: 'range', gt: 20 }] },
      {},
      { ...boxAround('Paris'), filters: [{ field: 'start', op: 'range', gte: START + 3 * DAY }] },
      { ...near('Lyon'), sort: [{ by: 'distance', direction: 'asc' }] },
      {
        filters: [
          { field: 'city', op: 'eq', value: 'Tokyo' },
          { field: 'start', op: 'range', gte: START + 2 * DAY },
        ],
        sort: [{ by: 'field', field: 'start', direction: 'asc' }],
      },
    ];
    const answers = async (target: SearchIndex) =>
      Promise.all(
        questions.map(async (query) => ({
          page: await target.search('events', { ...query, limit: 20 }),
          count: await target.count('events', query),
          facets: await target.facets('events', {
            filters: query.filters,
            terms: ['city', 'category'],
            stats: ['price', 'start'],
          }),
        })),
      );
    const writes: Array<() => Promise<void>> = [
      () => index.upsert('events', [event(2000, 'Lyon', 'Jazz cellar')]),
      () => index.upsert('events', [event(5, 'Tokyo', 'Flea market')]),
      () => index.delete('events', ['6', '7']),
      () =>
        index.upsert('events', [
          event(2001, 'Paris', 'Market of jazz records'),
          event(2002, 'Tokyo', 'Yoga by the river'),
        ]),
      () => index.upsert('events', [{ ...event(9, 'Paris', 'Techno rave'), location: null }]),
      () => index.upsert('events', [{ ...event(2003, 'Lyon', 'Cheapest'), price: 1, start: START + DAY }]),
      () => index.upsert('events', [{ ...event(13, 'Lyon', 'Undated'), start: null, price: 99 }]),
      () => index.delete('events', ['2003', '1']),
    ];
    await answers(index);
    for (const write of writes) {
      await write();
      const fresh = createSqliteSearchIndex({ file, readerThreads: 0 });
      await fresh.init(schema);
      expect(await answers(index)).toEqual(await answers(fresh));
      await fresh.close();
    }
  });
});

describe('answers over the whole index follow what a write changed', () => {
  const CUTOFF = START + 10 * DAY + 3 * 3_600_000;
  const upcoming: SearchQuery = { filters: [{ field: 'start', op: 'range', gte: CUTOFF }] };
  /** What the reader keeps the rows below the cutoff with (match-totals.ts, `complementCount`). */
  const below: Dependencies = [[valuesUpTo(layout, 'start', CUTOFF)]];
  /** And the facets' rows below it or without a start (`keptFacetRows`). */
  const excluded: Dependencies = [[valuesUpTo(layout, 'start', CUTOFF), missingValues('start')]];

  /** The counts a scan of the rows gives, against which the index's answers are checked. */
  const scanned = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      const docs = layout.docs;
      return {
        upcoming: db.prepare(`SELECT count(*) FROM ${docs} WHERE d_start >= ?`).pluck().get(CUTOFF) as number,
        price: db.prepare(`SELECT min(n_price) AS min, max(n_price) AS max FROM ${docs}`).get() as {
          min: number | null;
          max: number | null;
        },
        cities: (
          db
            .prepare(`SELECT k_city AS value, count(*) AS count FROM ${docs} WHERE d_start >= ? GROUP BY 1`)
            .all(CUTOFF) as Array<{ value: string; count: number }>
        ).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
        present: db.prepare(`SELECT field, n FROM ${layout.presentCounts} ORDER BY 1`).all(),
        withValues: [
          { field: 'price', n: db.prepare(`SELECT count(n_price) FROM ${docs}`).pluck().get() },
          { field: 'start', n: db.prepare(`SELECT count(d_start) FROM ${docs}`).pluck().get() },
        ],
      };
    } finally {
      db.close();
    }
  };

  it('the upcoming count survives new events and writes after the cutoff; a write before it invalidates it', async () => {
    const { index, reader, file } = await openPair('upcoming');
    const scopes = writeScopesOf(reader);
    let at = scopes.now(layout);
    await index.upsert('events', [event(3015, 'Tokyo', 'Sumo day')]);
    expect(Number(event(3015, 'Tokyo', '').start)).toBeGreaterThan(CUTOFF);
    expect(scopes.unchanged(layout, at, below)).toBe(true);
    // Moving an upcoming event to another upcoming day, or to another city, leaves it too.
    await index.upsert('events', [{ ...event(15, 'Lyon', 'Jazz night'), start: START + 18 * DAY }]);
    expect(scopes.unchanged(layout, at, below)).toBe(true);
    expect(await index.count('events', upcoming)).toBe(scanned(file).upcoming);

    // Event 3 starts on day 3: moving it past the cutoff, or deleting a past event, changes the rows below.
    at = scopes.now(layout);
    await index.upsert('events', [{ ...event(3, 'Tokyo', 'Techno rave'), start: START + 12 * DAY }]);
    expect(scopes.unchanged(layout, at, below)).toBe(false);
    at = scopes.now(layout);
    await index.delete('events', ['4']);
    expect(scopes.unchanged(layout, at, below)).toBe(false);
    // The cutoff's own day is below the cutoff's bucket: a write on it invalidates.
    at = scopes.now(layout);
    await index.upsert('events', [{ ...event(3001, 'Paris', 'Late show'), start: CUTOFF + 3_600_000 }]);
    expect(scopes.unchanged(layout, at, below)).toBe(false);

    const counted = scanned(file);
    expect(await index.count('events', upcoming)).toBe(counted.upcoming);
    expect(counted.present).toEqual(counted.withValues);
  });

  it('the rows with a value are counted by the triggers through inserts, removals of a value, deletes and a bulk load', async () => {
    const { index, file } = await openPair('present');
    await index.upsert('events', [{ ...event(3100, 'Paris', 'No date'), start: null, price: null }]);
    await index.upsert('events', [{ ...event(10, 'Paris', 'Lost its price'), price: null }]);
    await index.upsert('events', [event(10, 'Paris', 'Has it again')]);
    await index.delete('events', ['11', '12', '3100']);
    const counted = scanned(file);
    expect(counted.present).toEqual(counted.withValues);
    expect(await index.count('events', upcoming)).toBe(counted.upcoming);

    // A bulk load runs without the triggers: the new copy's counts are filled at its commit.
    const rebuild = await index.beginRebuild('events');
    await rebuild.upsert(initial.slice(0, 50));
    await rebuild.commit();
    const db = new Database(file, { readonly: true });
    const version = db.prepare("SELECT version FROM search_index_meta WHERE name = 'events'").pluck().get() as number;
    expect(version).toBeGreaterThan(1);
    const live = layoutFor(schema, version);
    const present = db.prepare(`SELECT field, n FROM ${live.presentCounts} ORDER BY 1`).all();
    const starts = db.prepare(`SELECT count(d_start) FROM ${live.docs}`).pluck().get();
    db.close();
    expect(present).toEqual([
      { field: 'price', n: 50 },
      { field: 'start', n: starts },
    ]);
    expect(starts).toBe(50);
  });

  it('date-only facets survive writes after the cutoff; a write before it or without a date invalidates them', async () => {
    const { index, reader, file } = await openPair('date-facets');
    const scopes = writeScopesOf(reader);
    const wholeCity: Dependencies = [[keywordValuesChanged('city')]];
    let at = scopes.now(layout);
    // A new name and price for an upcoming event: neither the rows below nor any city's count change.
    await index.upsert('events', [{ ...event(16, 'Paris', 'Renamed'), price: 12 }]);
    expect(scopes.unchanged(layout, at, excluded)).toBe(true);
    expect(scopes.unchanged(layout, at, wholeCity)).toBe(true);
    // An upcoming event changing city changes the whole index's cities, not the rows below.
    await index.upsert('events', [event(17, 'Paris', 'Techno rave')]);
    expect(scopes.unchanged(layout, at, excluded)).toBe(true);
    expect(scopes.unchanged(layout, at, wholeCity)).toBe(false);

    at = scopes.now(layout);
    await index.upsert('events', [event(2, 'Paris', 'Flea market')]);
    expect(scopes.unchanged(layout, at, excluded)).toBe(false);
    at = scopes.now(layout);
    await index.upsert('events', [{ ...event(3200, 'Paris', 'Some day'), start: null }]);
    expect(scopes.unchanged(layout, at, excluded)).toBe(false);

    const facets = await index.facets('events', { filters: upcoming.filters, terms: ['city'] });
    expect(facets.terms.city).toEqual(scanned(file).cities);
  });

  it('a min and max survive writes between them; a write at or beyond a bound, or deleting its holder, invalidates them', async () => {
    const { index, reader, file } = await openPair('price-bounds');
    const scopes = writeScopesOf(reader);
    const { min, max } = scanned(file).price;
    expect([min, max]).toEqual([10, 39]);
    const bounds: Dependencies = [boundsDependencies(layout, 'price', min, max)];
    let at = scopes.now(layout);
    await index.upsert('events', [{ ...event(3300, 'Tokyo', 'Middle'), price: 25.5 }]);
    await index.upsert('events', [{ ...event(14, 'Tokyo', 'Cheaper'), price: 20 }]);
    await index.upsert('events', [{ ...event(3301, 'Tokyo', 'Free to ask'), price: null }]);
    expect(scopes.unchanged(layout, at, bounds)).toBe(true);
    expect((await index.facets('events', { stats: ['price'] })).stats.price).toEqual({ min: 10, max: 39 });

    at = scopes.now(layout);
    await index.upsert('events', [{ ...event(3302, 'Tokyo', 'Bargain'), price: 4 }]);
    expect(scopes.unchanged(layout, at, bounds)).toBe(false);
    expect((await index.facets('events', { stats: ['price'] })).stats.price).toEqual({ min: 4, max: 39 });

    // Events 29, 59, 89 and 119 hold the maximum: the bound moves only when the last one goes.
    const after = [boundsDependencies(layout, 'price', 4, 39)];
    at = scopes.now(layout);
    await index.delete('events', ['29', '59', '89', '119']);
    expect(scopes.unchanged(layout, at, after)).toBe(false);
    expect((await index.facets('events', { stats: ['price'] })).stats).toEqual({ price: scanned(file).price });
    expect(scanned(file).price.max).toBe(38);

    // Beyond the 64 bits SQLite's bucket saturates at, a new maximum still invalidates.
    const huge = [boundsDependencies(layout, 'price', 4, 38)];
    at = scopes.now(layout);
    await index.upsert('events', [{ ...event(3303, 'Tokyo', 'Priceless'), price: 1e300 }]);
    expect(scopes.unchanged(layout, at, huge)).toBe(false);
    expect((await index.facets('events', { stats: ['price'] })).stats.price).toEqual({ min: 4, max: 1e300 });
    const top = [boundsDependencies(layout, 'price', 4, 1e300)];
    at = scopes.now(layout);
    await index.delete('events', ['3303']);
    expect(scopes.unchanged(layout, at, top)).toBe(false);
  });
});

describe('word scopes', () => {
  const texts = [
    'São Paulo Jazz',
    'Zürich — Kraków, Montréal & Düsseldorf',
    'rock&roll 24h',
    'Øresund Straße ﬁesta',
    '東京 タワー jazz',
    'Sa\u0303o decomposed',
    'x • ab • déjà-vu',
    'Ελληνικά 123abc',
  ];

  it('every term FTS5 makes of a text is in a scope the text names, or the text names the unsure scope', () => {
    const db = new Database(':memory:');
    db.exec("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='unicode61 remove_diacritics 2')");
    db.exec("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')");
    for (const [i, text] of texts.entries()) {
      db.prepare('INSERT INTO t (rowid, x) VALUES (?, ?)').run(i + 1, text);
      const terms = db
        .prepare('SELECT term FROM v WHERE doc = ?')
        .pluck()
        .all(i + 1) as string[];
      const scopes = new Set<string>();
      addWordScopes(text, scopes);
      for (const term of terms) {
        const covered = scopes.has(`w:${[...term].slice(0, 3).join('')}`) || scopes.has('w:~');
        expect(covered, `${text}: ${term} in ${[...scopes].join(' ')}`).toBe(true);
      }
    }
    db.close();
  });

  it('folds Latin diacritics, and names the unsure scope only for letters it cannot fold', () => {
    const scopes = (text: string) => {
      const into = new Set<string>();
      addWordScopes(text, into);
      return [...into].sort();
    };
    expect(scopes('São Paulo')).toEqual(['w:pau', 'w:sao']);
    expect(scopes('rock&roll ab')).toEqual(['w:ab', 'w:roc', 'w:rol']);
    expect(scopes('Øresund')).toContain('w:~');
    expect(scopes('Sa\u0303o')).toContain('w:~');
  });
});
