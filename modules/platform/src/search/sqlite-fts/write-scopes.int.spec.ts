/**
 * Kept answers across writes (write-scopes.ts): a write in one city leaves another city's kept rows and counts
 * valid and invalidates its own city's, before and after a move; the same for words (the old text of an
 * updated or deleted document counts), map cells and circles. Word scopes are checked against the terms
 * FTS5 itself makes of the same texts. Whatever is kept, the answers equal those of a second index with
 * nothing kept, after every write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTempDataDir } from '../../testing/temp-dir.ts';
import type { IndexDocument, IndexSchema, SearchIndex, SearchQuery } from '../search-index.port.ts';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';
import { layoutFor } from './index-layout.ts';
import { ftsMatch } from './fts-match.ts';
import { matchSetsOf } from './match-sets.ts';
import { addWordScopes, queryDependencies, writeScopesOf, type Dependencies } from './write-scopes.ts';

const schema: IndexSchema = {
  name: 'events',
  fields: {
    name: { type: 'text' },
    city: { type: 'keyword', sortedBy: ['start'] },
    category: { type: 'keyword' },
    start: { type: 'date' },
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
          facets: await target.facets('events', { filters: query.filters, terms: ['city', 'category'] }),
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
