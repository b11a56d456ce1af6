/**
 * Words asked within a city (write-scopes.ts `valueWordScopes`, value-match-sets.ts): the matches of a word in
 * one city, and the totals counted from them, stay kept across writes in other cities and writes in the city
 * without the word, and are read again after a write in the city with the word, whether it adds the word, moves
 * an event with it into or out of the city, renames it away or deletes it. Whatever is kept, random writes
 * leave the answers equal to a fresh connection's and to a scan of the documents.
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
import { keywordOrderIndexFor } from './keyword-order.ts';
import { valueMatchSetsOf } from './value-match-sets.ts';
import { addDocumentWordScopes, queryDependencies, writeScopesOf } from './write-scopes.ts';

const schema: IndexSchema = {
  name: 'events',
  fields: {
    name: { type: 'text', sortable: true },
    city: { type: 'keyword', sortedBy: ['start'] },
    category: { type: 'keyword' },
    start: { type: 'date' },
  },
};
const CITIES = ['Paris', 'Lyon', 'Tokyo'] as const;
type City = (typeof CITIES)[number];
const DAY = 86_400_000;
const START = Date.UTC(2031, 0, 1);
const event = (id: number, city: City, name: string): IndexDocument => ({
  id: String(id),
  name,
  city,
  category: 'Music',
  start: START + (id % 20) * DAY,
});
const NAMES = ['Jazz night', 'Summit on food', 'Techno rave', 'Jazz brunch', 'Summer market', 'Gala dinner'];
const initial = Array.from({ length: 90 }, (_, i) => event(i + 1, CITIES[i % 3]!, NAMES[i % NAMES.length]!));

let dataDir: { dir: string; remove: () => Promise<void> };
const opened: Array<{ close(): unknown }> = [];
beforeAll(async () => {
  dataDir = await createTempDataDir('evently-value-words-');
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
/** Words in a city from a date on, by date: read in the city's date order (keyword-order.ts). */
const byDate = (text: string, city: City): SearchQuery => ({
  text,
  filters: [
    { field: 'city', op: 'eq', value: city },
    { field: 'start', op: 'range', gte: START },
  ],
  sort: [{ by: 'field', field: 'start', direction: 'asc' }],
});

/** Whether a kept answer for the words in the city, read before `write`, is still valid after it. */
async function keptAcross(reader: Database.Database, write: () => Promise<unknown>, text: string, city: City) {
  const scopes = writeScopesOf(reader);
  const expression = ftsMatch(reader, layout, text)!.expression;
  const dependencies = queryDependencies(layout, byDate(text, city), expression);
  const at = scopes.now(layout);
  await write();
  return scopes.unchanged(layout, at, dependencies);
}

describe('words within a city follow the writes in that city with those words', () => {
  it('a write in another city, even with the word, leaves the words in the city kept', async () => {
    const { index, reader } = await openPair('other-city');
    expect(
      await keptAcross(reader, () => index.upsert('events', [event(500, 'Lyon', 'Jazz club')]), 'jazz', 'Paris'),
    ).toBe(true);
  });

  it('a write in the city with other words leaves the word kept, though the city and the word were both written', async () => {
    const { index, reader } = await openPair('other-word');
    const write = () => index.upsert('events', [event(501, 'Paris', 'Techno rave'), event(502, 'Lyon', 'Jazz club')]);
    expect(await keptAcross(reader, write, 'jazz', 'Paris')).toBe(true);
  });

  it('a write in the city with the word invalidates it, as a new word with its first letters does', async () => {
    const { index, reader } = await openPair('same-word');
    expect(
      await keptAcross(reader, () => index.upsert('events', [event(503, 'Paris', 'Jazz club')]), 'jazz', 'Paris'),
    ).toBe(false);
    expect(
      await keptAcross(reader, () => index.upsert('events', [event(504, 'Paris', 'Jazzy')]), 'jazz', 'Paris'),
    ).toBe(false);
  });

  it('an event with the word leaving the city, losing the word or deleted invalidates it; its new city too', async () => {
    const { index, reader } = await openPair('leaving');
    // Event 1 is "Jazz night" in Paris.
    const move = () => index.upsert('events', [event(1, 'Tokyo', 'Jazz night')]);
    expect(await keptAcross(reader, move, 'jazz', 'Paris')).toBe(false);
    expect(
      await keptAcross(reader, () => index.upsert('events', [event(1, 'Paris', 'Jazz night')]), 'jazz', 'Tokyo'),
    ).toBe(false);
    const rename = () => index.upsert('events', [event(1, 'Paris', 'Techno night')]);
    expect(await keptAcross(reader, rename, 'jazz', 'Paris')).toBe(false);
    // Event 4 is "Jazz brunch" in Paris.
    expect(await keptAcross(reader, () => index.delete('events', ['4']), 'jazz', 'Paris')).toBe(false);
    expect(await keptAcross(reader, () => index.delete('events', ['4']), 'jazz', 'Paris')).toBe(true);
  });

  it("the city's kept matches of a word are read again only after such a write", async () => {
    const { index, reader } = await openPair('kept-sets');
    const expression = ftsMatch(reader, layout, 'jazz')!.expression;
    const ordered = keywordOrderIndexFor(layout, byDate('jazz', 'Paris'))!;
    const words = () => matchSetsOf(reader).load(layout, expression);
    const load = () => valueMatchSetsOf(reader).load(layout, { ...ordered, value: 'paris' }, expression, words, 0)!;
    const name = (set: { bytes: Buffer }) => JSON.stringify(set.bytes);
    const matches = (set: { bytes: Buffer }) =>
      [...set.bytes.entries()].filter(([, byte]) => byte === 1).map(([rid]) => rid);
    const first = load();
    expect(first.common).toBe(true);
    await index.upsert('events', [event(600, 'Lyon', 'Jazz club'), event(601, 'Paris', 'Gala dinner')]);
    const kept = load();
    expect(name(kept)).toBe(name(first));
    expect(matches(kept)).toEqual(matches(first));
    await index.upsert('events', [event(602, 'Paris', 'Jazz club')]);
    const read = load();
    expect(name(read)).not.toBe(name(first));
    const rid = reader.prepare(`SELECT rid FROM ${layout.docs} WHERE id = '602'`).pluck().get() as number;
    expect(matches(read)).toEqual([...matches(first), rid].sort((a, b) => a - b));
  });

  it('every term FTS5 makes of a text is within the value under its first three letters', () => {
    const texts = [
      'São Paulo Jazz summit',
      'Zürich — Kraków, Montréal',
      'rock&roll 24h',
      'Øresund Straße ﬁesta',
      'Sa\u0303ndwich',
    ];
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
      addDocumentWordScopes(layout, { id: 'x', name: text, city: 'Lyon' }, scopes);
      const unsure = scopes.has('vw:city:~:lyon');
      for (const term of terms) {
        const letters = [...term];
        expect(scopes.has(`vw:city:${letters.slice(0, 3).join('')}:lyon`) || unsure, `${text}: ${term}`).toBe(true);
      }
    }
    db.close();
  });
});

describe('answers with kept words within cities after random writes', () => {
  /** A small generator with a seed, so a failure repeats. */
  const seeded = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const WORDS = ['jazz', 'summit', 'summer', 'techno', 'gala', 'gallery', 'night', 'market'];

  /** Events with the city and a name word starting with `word`, in the range, by date then id: a scan. */
  const scan = (docs: Map<string, IndexDocument>, word: string, city: City, range: { gte: number; lte?: number }) =>
    [...docs.values()]
      .filter(
        (doc) =>
          doc.city === city &&
          (doc.name as string)
            .toLowerCase()
            .split(' ')
            .some((w) => w.startsWith(word)),
      )
      .filter((doc) => (doc.start as number) >= range.gte && (doc.start as number) <= (range.lte ?? Infinity))
      .sort((a, b) => (a.start as number) - (b.start as number) || Number(a.id) - Number(b.id))
      .map((doc) => doc.id);

  it('equal a fresh connection and a scan of the documents', async () => {
    const { index: writer, file } = await openPair('random');
    // Every word counts as common: words with a city read their kept matches within the city.
    const kept = createSqliteSearchIndex({ file, readerThreads: 0, commonTextDocuments: 0 });
    await kept.init(schema);
    opened.push(kept);
    // Tokyo's events are never written: every word stays in the index, so no query widens to near misses.
    const docs = new Map(initial.map((doc) => [doc.id as string, doc]));
    const random = seeded(31);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const name = () => `${pick(WORDS)} ${pick(WORDS)}`.replace(/^./, (c) => c.toUpperCase());
    const writable = () => [...docs.values()].filter((doc) => doc.city !== 'Tokyo');
    let next = 1000;
    for (let step = 0; step < 40; step++) {
      const roll = random();
      if (roll < 0.4) {
        const doc = event(next++, pick(['Paris', 'Lyon'] as const), name());
        await writer.upsert('events', [doc]);
        docs.set(doc.id as string, doc);
      } else if (roll < 0.8) {
        const held = pick(writable());
        const doc = random() < 0.5 ? { ...held, city: pick(['Paris', 'Lyon'] as const) } : { ...held, name: name() };
        await writer.upsert('events', [doc]);
        docs.set(doc.id as string, doc);
      } else {
        const held = pick(writable());
        await writer.delete('events', [held.id as string]);
        docs.delete(held.id as string);
      }
      const fresh = createSqliteSearchIndex({ file, readerThreads: 0, commonTextDocuments: 0 });
      await fresh.init(schema);
      for (let q = 0; q < 6; q++) {
        const word = pick(WORDS);
        const city = pick(CITIES);
        // From a date on, or a window: the listing's default and a date range.
        const range = random() < 0.5 ? { gte: START + 3 * DAY, lte: START + 12 * DAY } : { gte: START + 2 * DAY };
        const filters: SearchQuery['filters'] = [
          { field: 'city', op: 'eq', value: city },
          { field: 'start', op: 'range', ...range },
        ];
        const dated: SearchQuery = {
          text: word,
          filters,
          sort: [{ by: 'field', field: 'start', direction: 'asc' }],
          limit: 100,
        };
        const ranked: SearchQuery = {
          ...dated,
          sort: [{ by: 'relevance' }, { by: 'field', field: 'start', direction: 'asc' }],
          limit: 7,
        };
        const expected = scan(docs, word, city, range);
        const page = await kept.search('events', dated);
        expect(
          page.hits.map((hit) => hit.id),
          `${word} in ${city} at step ${step}`,
        ).toEqual(expected);
        expect(page.total).toBe(expected.length);
        expect(await kept.count('events', dated)).toBe(expected.length);
        expect(await kept.search('events', ranked)).toEqual(await fresh.search('events', ranked));
      }
      await fresh.close();
    }
  });
});
