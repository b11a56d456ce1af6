/**
 * Kept match sets and a city's rows brought up to date from the rows the commits since changed
 * (changed-rows.ts), instead of read again whole: after every kind of write (a new row with the word and
 * without, past the set's last row, a row gaining or losing the word or the city, a row removed), the patched
 * answer is exactly what a whole read gives, and it is patched, not read. When the log cannot say what changed
 * (more commits than it keeps, commits from before it), the answer is read whole and still exact.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { IndexDocument, SearchQuery } from '@evently/platform';
import { indexedTestFileForSpec } from '../testing/indexed-test-file.ts';
import { ftsMatch } from './fts-match.ts';
import { hasBit, matchSetTest, matchSetsOf } from './match-sets.ts';
import { keywordRowsOf, type KeywordRowsCount } from './keyword-rows.ts';
import { keywordCountsOf } from './keyword-counts.ts';
import { sortedByIndexFor } from './ordered-walk.ts';
import { KEPT_COMMITS, changedRowsOf } from './changed-rows.ts';
import { writeScopesOf, type ReadAt } from './write-scopes.ts';
import { countedRowsOf } from './counted-rows.ts';
import { createSearchReader } from './search-reader.ts';
import { column, unquoted } from './index-layout.ts';

const day = Date.UTC(2031, 4, 1);
const CITIES = ['Lisbon', 'Porto', 'Faro'];
const docs: IndexDocument[] = Array.from({ length: 600 }, (_, i) => ({
  id: `d${i}`,
  name: `${i % 4 === 0 ? 'Jazz Night' : 'Evening'} ${i % 9 === 0 ? 'harbour' : ''} ${i}`,
  description: i % 5 === 0 ? 'Fado and jazzy tunes' : 'Short.',
  city: CITIES[i % CITIES.length],
  date: i % 31 === 7 ? undefined : new Date(day + i * 3_600_000).toISOString(),
  location: { lat: 38 + (i % 10) / 10, lon: -9 + (i % 7) / 10 },
  category: i % 3 === 0 ? 'Music' : 'Food',
  // Fractions, and rows without a price.
  price: i % 13 === 0 ? null : (i % 50) + 0.1 + i / 7,
}));

const file = indexedTestFileForSpec('evently-changed-rows-', docs, { readerThreads: 0 });

/** Every kind of write a feed makes, as a few commits. */
async function writeEveryKind(tag: string): Promise<void> {
  const at = (hours: number) => new Date(day + hours * 3_600_000).toISOString();
  await file.search.upsert('events', [
    { id: `${tag}-new-jazz`, name: 'Jazz on the Roof', city: 'Lisbon', date: at(2), category: 'Music', price: 20.3 },
    { id: `${tag}-new-plain`, name: 'Quiet Evening', city: 'Lisbon', date: at(3), category: 'Music', price: 1 / 3 },
    { id: `${tag}-no-date`, name: 'Jazz without a date', city: 'Lisbon', category: 'Music' },
    { id: `${tag}-far`, name: 'Far away', city: 'Faro', date: at(90), location: { lat: 37, lon: -7.9 }, price: 33 },
  ]);
  // d0 loses "jazz", leaves Lisbon and Music; d1 gains "jazz" and "harbour"; d3 moves into Lisbon and Music;
  // d6's price and place change; d8 is removed.
  await file.search.upsert('events', [
    { id: 'd0', name: 'Evening 0', city: 'Porto', date: at(0), category: 'Food', price: 15 },
    { id: 'd1', name: `Jazz by the harbour ${tag}`, city: 'Porto', date: at(1), category: 'Food', price: 30.25 },
    { id: 'd3', name: 'Evening 3', city: 'Lisbon', date: at(4), category: 'Music', price: 44.4 },
    {
      id: 'd6',
      name: 'Evening 6',
      city: 'Lisbon',
      date: at(6),
      category: 'Music',
      price: 99.9,
      location: { lat: 38.05, lon: -8.95 },
    },
  ]);
  await file.search.delete('events', ['d8', `${tag}-new-plain`]);
}

function wholeMatch(expression: string): string[] {
  const { db, layout } = file;
  return db
    .prepare(
      `SELECT d.id FROM ${layout.docs} d WHERE d.rid IN (SELECT rowid FROM ${layout.fts} WHERE ${layout.fts} MATCH ?) ORDER BY d.rid`,
    )
    .pluck()
    .all(expression) as string[];
}

function inSet(bytes: Buffer): string[] {
  const { db, layout } = file;
  return db
    .prepare(`SELECT d.id FROM ${layout.docs} d WHERE ${matchSetTest('@set')} ORDER BY d.rid`)
    .pluck()
    .all({ set: bytes }) as string[];
}

/** The documents whose bits are set, in rid order: the same set as the bytes, for passes in JavaScript. */
function inBits(bits: Uint32Array): string[] {
  const rows = file.db.prepare(`SELECT rid, id FROM ${file.layout.docs} ORDER BY rid`).raw().all() as Array<
    [number, string]
  >;
  return rows.filter(([rid]) => hasBit(bits, rid)).map(([, id]) => id);
}

function lisbonRows(): KeywordRowsCount {
  const query = {
    text: 'jazz',
    filters: [{ field: 'city', op: 'eq', value: 'Lisbon' }],
    sort: [{ by: 'field', field: 'date', direction: 'desc' }],
  } satisfies SearchQuery;
  const index = sortedByIndexFor(file.layout, query, true);
  if (!index) throw new Error('the contract schema sorts cities by date');
  return { index, keyword: 'city', value: 'lisbon', date: 'date', range: {} };
}

/** Lisbon's rows matching the set (and within the range), counted in SQL. */
function lisbonCount(expression: string, range: { gte?: number; lte?: number } = {}): number {
  const { db, layout } = file;
  const date = `d.${column.date('date')}`;
  return db
    .prepare(
      `SELECT count(*) FROM ${layout.docs} d WHERE d.${column.keywordLower('city')} = 'lisbon'` +
        ` AND d.rid IN (SELECT rowid FROM ${layout.fts} WHERE ${layout.fts} MATCH ?)` +
        (range.gte === undefined ? '' : ` AND ${date} >= ${range.gte}`) +
        (range.lte === undefined ? '' : ` AND ${date} <= ${range.lte}`),
    )
    .pluck()
    .get(expression) as number;
}

/** Lisbon's rows with their dates (NaN without one) in rid order, read in SQL: what kept rows must hold. */
function lisbonRowsInSql(): { rids: Int32Array; dates: Float64Array } {
  const { db, layout } = file;
  const found = db
    .prepare(
      `SELECT rid, ${column.date('date')} AS date FROM ${layout.docs} WHERE ${column.keywordLower('city')} = 'lisbon' ORDER BY rid`,
    )
    .all() as Array<{ rid: number; date: number | null }>;
  return {
    rids: Int32Array.from(found, (row) => row.rid),
    dates: Float64Array.from(found, (row) => row.date ?? Number.NaN),
  };
}

/** Lisbon's rows from `gte` on, matching or not, counted in SQL. */
function lisbonInRange(gte: number): number {
  const { db, layout } = file;
  return db
    .prepare(
      `SELECT count(*) FROM ${layout.docs} d WHERE d.${column.keywordLower('city')} = 'lisbon' AND d.${column.date('date')} >= ?`,
    )
    .pluck()
    .get(gte) as number;
}

type Filter = NonNullable<SearchQuery['filters']>[number];
const iso = (hours: number) => new Date(day + hours * 3_600_000).toISOString();
const category = (value: string): Filter => ({ field: 'category', op: 'eq', value });
const from = (hours: number): Filter => ({ field: 'date', op: 'range', gte: iso(hours) });
const price = (bounds: { gte?: number; gt?: number; lte?: number; lt?: number }): Filter => ({
  field: 'price',
  op: 'range',
  ...bounds,
});

/**
 * Asks `query`'s total of a reader on this spec's connection (whose kept rows the tally counts) after writes in
 * its range, and checks each against a reader on a new connection, which counts in SQL.
 */
async function totalStaysExact(query: SearchQuery): Promise<void> {
  const reader = createSearchReader(file.db);
  const counted = countedRowsOf(file.db);
  const total = () => reader.search('events', { ...query, limit: 3 }).total;
  // A new connection each time: kept answers are per connection.
  const inSql = () => {
    const counter = new Database(file.db.name, { readonly: true });
    try {
      return createSearchReader(counter).search('events', { ...query, limit: 3 }).total;
    } finally {
      counter.close();
    }
  };
  const before = counted.tally();
  // The first count is SQL's and notes the query; after a write, the next reads its rows.
  expect(total()).toBe(inSql());
  await writeEveryKind(`t${before.read}-${before.patched}-a`);
  expect(total()).toBe(inSql());
  expect(counted.tally()).toEqual({ ...before, read: before.read + 1 });
  await writeEveryKind(`t${before.read}-${before.patched}-b`);
  expect(total()).toBe(inSql());
  expect(counted.tally()).toEqual({ read: before.read + 1, patched: before.patched + 1 });
}

describe('kept answers brought up to date from the changed rows', () => {
  it.each([
    ['a common word', 'jazz'],
    ['a prefix that also matches longer words', 'jaz'],
    ['two words', 'jazz night'],
    ['a rare word', 'harbour'],
    ['a word the tokenizer folds', 'Jàzz'],
  ])('%s: the patched set holds exactly the match', async (_, text) => {
    const sets = matchSetsOf(file.db);
    const expression = ftsMatch(file.db, file.layout, text)!.expression;
    sets.load(file.layout, expression);
    const before = sets.tally();
    await writeEveryKind(`w${before.read + before.patched}`);
    const set = sets.load(file.layout, expression);
    expect(sets.tally()).toEqual({ ...before, patched: before.patched + 1 });
    expect(inSet(set.bytes)).toEqual(wholeMatch(expression));
    expect(inBits(set.bits)).toEqual(wholeMatch(expression));
    expect(set.size).toBe(wholeMatch(expression).length);
  });

  it('sets patched after the same commits test each changed row in its latest state, whichever set asks first', async () => {
    const sets = matchSetsOf(file.db);
    const expressions = ['jazz', 'harbour', 'fado'].map((text) => ftsMatch(file.db, file.layout, text)!.expression);
    for (const expression of expressions) sets.load(file.layout, expression);
    for (const round of ['x', 'y']) {
      await writeEveryKind(`shared-${round}`);
      // The same row changes again, gaining and then losing a word, between asks of different sets.
      await file.search.upsert('events', [{ id: 'd2', name: `Harbour jazz ${round}`, city: 'Faro' }]);
      expect(inSet(sets.load(file.layout, expressions[0]!).bytes)).toEqual(wholeMatch(expressions[0]!));
      await file.search.upsert('events', [{ id: 'd2', name: `Fado ${round}`, city: 'Faro' }]);
      for (const expression of expressions) {
        const set = sets.load(file.layout, expression);
        expect(inSet(set.bytes)).toEqual(wholeMatch(expression));
        expect(inBits(set.bits)).toEqual(wholeMatch(expression));
        expect(set.size).toBe(wholeMatch(expression).length);
      }
    }
  });

  it("a city's rows and counts: the patched lists count what SQL counts, with and without a date range", async () => {
    const rows = keywordRowsOf(file.db);
    const counts = keywordCountsOf(file.db);
    const sets = matchSetsOf(file.db);
    const expression = ftsMatch(file.db, file.layout, 'jazz')!.expression;
    const request = lisbonRows();
    const gte = day + 24 * 3_600_000;
    const words = () => ({ bits: sets.load(file.layout, expression).bits, key: expression });
    const count = (range: KeywordRowsCount['range'] = {}) =>
      counts.count(file.layout, { ...request, range }, words())?.total;
    const inRange = (range: KeywordRowsCount['range']) =>
      counts.count(file.layout, { ...request, range }, words())?.inRange;
    const keptRows = () => {
      const kept = rows.rowsOf(file.layout, request);
      return kept && { rids: kept.rids, dates: kept.dates };
    };
    // The first ask only notes the value; the second reads its rows.
    count();
    expect(count()).toBe(lisbonCount(expression));
    expect(count({ gte })).toBe(lisbonCount(expression, { gte }));
    const before = rows.tally();
    const countsBefore = counts.tally();
    for (const round of ['a', 'b']) {
      await writeEveryKind(`city-${round}`);
      // Three of the matches counted so far leave: one moves to Porto, one is removed, one loses the word.
      const [moved, removed, unworded] = file.db
        .prepare(
          `SELECT d.id FROM ${file.layout.docs} d WHERE d.${column.keywordLower('city')} = 'lisbon' ` +
            `AND d.rid IN (SELECT rowid FROM ${file.layout.fts} WHERE ${file.layout.fts} MATCH ?) ORDER BY d.rid LIMIT 3`,
        )
        .pluck()
        .all(expression) as string[];
      await file.search.upsert('events', [{ id: moved!, name: 'Jazz, moved', city: 'Porto', date: iso(7) }]);
      await file.search.delete('events', [removed!]);
      await file.search.upsert('events', [{ id: unworded!, name: 'Evening, quiet', city: 'Lisbon', date: iso(8) }]);
      expect(count()).toBe(lisbonCount(expression));
      expect(count({ gte })).toBe(lisbonCount(expression, { gte }));
      expect(inRange({ gte })).toBe(lisbonInRange(gte));
    }
    // Each count's two lists (the range's, the words') patched, not passed; the city's rows neither read nor
    // patched while the lists are kept, since each list is patched by itself.
    expect(counts.tally()).toEqual({ ...countsBefore, patched: countsBefore.patched + 8 });
    expect(rows.tally()).toEqual(before);
    // A range not kept yet is made from the city's rows, brought up to date from the changed rows, not read again.
    const lte = day + 48 * 3_600_000;
    expect(count({ lte })).toBe(lisbonCount(expression, { lte }));
    expect(rows.tally()).toEqual({ ...before, patched: before.patched + 1 });
    expect(keptRows()).toEqual(lisbonRowsInSql());
    // A write in another city leaves the city's rows as they are: neither read nor patched at the next ask.
    await file.search.upsert('events', [{ id: 'porto-jazz', name: 'Jazz in Porto', city: 'Porto', date: iso(5) }]);
    expect(count()).toBe(lisbonCount(expression));
    expect(keptRows()).toEqual(lisbonRowsInSql());
    expect(rows.tally()).toEqual({ ...before, patched: before.patched + 1 });
    // A write in the city does not: the next ask patches them.
    await file.search.upsert('events', [{ id: 'lisbon-late', name: 'Late show', city: 'Lisbon', date: iso(9) }]);
    expect(keptRows()).toEqual(lisbonRowsInSql());
    expect(rows.tally()).toEqual({ ...before, patched: before.patched + 2 });
  });

  it.each([
    ['a category between two prices', [category('Food'), from(0), price({ gte: 12 }), price({ lte: 60.5 })]],
    ['a date range under a price', [from(0), { field: 'date', op: 'range', lt: iso(300) }, price({ lte: 40 })]],
    ['a price and nothing else', [price({ gt: 10, lt: 30 })]],
  ] satisfies Array<[string, Filter[]]>)(
    '%s: a total without words is kept as its rows, patched after each kind of write, and exact',
    async (_, filters) => {
      await totalStaysExact({ filters });
    },
  );

  it('a set older than the commits the log keeps is read again whole, and is exact', async () => {
    const sets = matchSetsOf(file.db);
    const expression = ftsMatch(file.db, file.layout, 'harbour')!.expression;
    sets.load(file.layout, expression);
    for (let i = 0; i < KEPT_COMMITS + 1; i++)
      await file.search.upsert('events', [
        { id: `many-${i}`, name: `harbour ${i}`, date: new Date(day).toISOString() },
      ]);
    const before = sets.tally();
    const set = sets.load(file.layout, expression);
    expect(sets.tally()).toEqual({ ...before, read: before.read + 1 });
    expect(inSet(set.bytes)).toEqual(wholeMatch(expression));
    // The log holds the last commits only.
    const { db, layout } = file;
    const [oldest, newest] = db.prepare(`SELECT min(seq), max(seq) FROM ${layout.changed}`).raw().get() as number[];
    expect(newest! - oldest!).toBe(KEPT_COMMITS - 1);
  });

  it('a set read before the log began (an index from before it) is read again whole', async () => {
    const sets = matchSetsOf(file.db);
    const expression = ftsMatch(file.db, file.layout, 'fado')!.expression;
    sets.load(file.layout, expression);
    // As if the log had started after the set was read.
    const writer = new Database(file.db.name);
    writer.prepare(`UPDATE ${file.layout.changedFrom} SET seq = (SELECT seq FROM ${file.layout.touchedSeq}) + 1`).run();
    writer.close();
    await file.search.upsert('events', [{ id: 'fado-new', name: 'Fado night', date: new Date(day).toISOString() }]);
    const before = sets.tally();
    const set = sets.load(file.layout, expression);
    expect(sets.tally()).toEqual({ ...before, read: before.read + 1 });
    expect(inSet(set.bytes)).toContain('fado-new');
    expect(inSet(set.bytes)).toEqual(wholeMatch(expression));
  });

  it('names the same rows as the log table, for every range asked between commits, as the log moves on', async () => {
    const changed = changedRowsOf(file.db);
    const scopes = writeScopesOf(file.db);
    const { db, layout } = file;
    const inTable = (from: number, to: number) => [
      ...new Set(
        db
          .prepare(`SELECT rid FROM ${layout.changed} WHERE seq > ? AND seq <= ? ORDER BY seq`)
          .pluck()
          .all(from, to) as number[],
      ),
    ];
    const reads: ReadAt[] = [scopes.now(layout)];
    for (let i = 0; i < KEPT_COMMITS + 8; i++) {
      await file.search.upsert('events', [
        { id: `moving-${i % 5}`, name: `Moving ${i}`, city: CITIES[i % 3] },
        { id: `d${i % 50}`, name: `Evening again ${i}`, city: 'Porto' },
      ]);
      if (i % 3 === 0) await file.search.delete('events', [`moving-${(i + 2) % 5}`]);
      const now = scopes.now(layout);
      // From the first state (until the log forgets it), the oldest the log still reaches, a recent one, the last.
      const edge = reads.find((read) => read.seq >= now.seq - KEPT_COMMITS)!;
      for (const at of [reads[0]!, edge, reads[Math.max(0, reads.length - 4)]!, reads[reads.length - 1]!]) {
        const changes = changed.since(layout, at, i % 2 === 0);
        if (at.seq < now.seq - KEPT_COMMITS) expect(changes).toBeNull();
        else expect(changes?.rids).toEqual(inTable(at.seq, now.seq));
      }
      reads.push(now);
    }
  });

  it('rows as they are now: a changed row is read again once it changes again, and kept while it does not', async () => {
    const changed = changedRowsOf(file.db);
    const { layout } = file;
    const at = writeScopesOf(file.db).now(layout);
    const city = unquoted(column.keywordLower('city'));
    const rowNow = (id: string) => {
      const changes = changed.since(layout, at, false)!;
      const rid = file.db.prepare(`SELECT rid FROM ${layout.docs} WHERE id = ?`).pluck().get(id) as number;
      return changed.rowsNow(layout, changes)(rid);
    };
    await file.search.upsert('events', [{ id: 'twice', name: 'Moves twice', city: 'Lisbon' }]);
    expect(rowNow('twice')?.[city]).toBe('lisbon');
    await file.search.upsert('events', [{ id: 'twice', name: 'Moves twice', city: 'Porto' }]);
    const moved = rowNow('twice');
    expect(moved?.[city]).toBe('porto');
    // Another row's commit: the first row, unchanged since it was read, is not read again.
    await file.search.upsert('events', [{ id: 'other', name: 'Another row', city: 'Faro' }]);
    expect(rowNow('twice')).toBe(moved);
    expect(rowNow('other')?.[city]).toBe('faro');
  });

  it('a write that upserts and deletes is one commit: its rows are logged under one sequence', async () => {
    await file.search.upsert('events', [{ id: 'leaving', name: 'Leaving Jazz', city: 'Faro' }]);
    const { db, layout } = file;
    const seqNow = () => db.prepare(`SELECT seq FROM ${layout.touchedSeq}`).pluck().get() as number;
    const before = seqNow();
    await file.search.write('events', {
      upsert: [{ id: 'arriving', name: 'Arriving Fado', city: 'Faro' }],
      delete: ['leaving'],
    });
    expect(seqNow()).toBe(before + 1);
    const logged = db
      .prepare(`SELECT texts FROM ${layout.changed} WHERE seq = ? ORDER BY rid`)
      .pluck()
      .all(before + 1);
    expect(logged).toHaveLength(2);
    expect(logged.filter((texts) => texts === null)).toHaveLength(1);
  });

  it('the log names each written row with its texts and each removed row without', async () => {
    await file.search.upsert('events', [{ id: 'logged', name: 'Logged Jazz', city: 'Faro' }]);
    await file.search.delete('events', ['logged']);
    const { db, layout } = file;
    const seq = db.prepare(`SELECT seq FROM ${layout.touchedSeq}`).pluck().get() as number;
    const last = db
      .prepare(`SELECT seq, texts FROM ${layout.changed} WHERE seq >= ? ORDER BY seq`)
      .raw()
      .all(seq - 1);
    expect(last).toHaveLength(2);
    expect(JSON.parse((last[0] as [number, string])[1])).toEqual(expect.arrayContaining(['Logged Jazz']));
    expect(last[1]).toEqual([seq, null]);
  });
});
