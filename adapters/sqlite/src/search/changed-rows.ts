/**
 * Which rows each recent commit changed, so a kept row list or match set can be brought up to date by
 * looking at those rows alone instead of being read again whole. A feed writes a few dozen documents a
 * commit, in every city and with every common word, so the write scopes (write-scopes.ts) of a city or a word
 * are touched by nearly every commit; reading a common word's matches again costs tens of milliseconds, and
 * a reader did that for each word after each commit. Testing the rows a commit changed costs about one.
 *
 * The writing connection notes each row it writes or removes in a temporary table, with its searchable texts
 * (the full-text index keeps no text of its own, and a patch needs the text to test a match expression); the
 * commit stores them under its sequence number (the write scopes'), beside the touched scopes. Only the last
 * KEPT_COMMITS commits are kept: a kept answer older than that is read again whole, as one read before this
 * log existed (`changed_from`: the sequence the log starts at).
 *
 * Readers take a commit range's rows in one read transaction with the sequence they stop at, so the patched
 * answer is what a whole read at that sequence would give. A row noted in the range holds its latest state
 * there: a patch tests each such row as it is now, which is right whether or not the row changed since the
 * kept answer was read.
 */
import type Database from 'better-sqlite3';
import type { IndexLayout } from './index-layout.ts';
import { onePerConnection } from './one-per-connection.ts';
import { createStatementCache } from './statement-cache.ts';
import { writeScopesOf, type ReadAt } from './write-scopes.ts';

/** Commits whose changed rows are kept: a few seconds of a feed committing a batch every quarter second. */
export const KEPT_COMMITS = 64;
/** Answers of `since` kept for the next patches that ask from the same state (`sinceAsked`). */
const SHARED_CHANGES = 4;
/** Rows the patches' full-text table holds before it starts over. */
const MOST_PATCH_ROWS = 20_000;
/** Above this many changed rows, reading the answer again whole is the cheaper way. */
const MOST_ROWS_PATCHED = 20_000;

/** The layout's log of changed rows and the sequence it starts at. */
export function changedRowsTablesSql(layout: IndexLayout): string[] {
  return [
    // Rows in commit order with their texts, and an index a patch without texts (a city's rows) reads alone.
    `CREATE TABLE IF NOT EXISTS ${layout.changed} (seq INTEGER NOT NULL, rid INTEGER NOT NULL, texts TEXT)`,
    `CREATE INDEX IF NOT EXISTS "${layout.changed.slice(1, -1)}_by_seq" ON ${layout.changed} (seq, rid)`,
    `CREATE TABLE IF NOT EXISTS ${layout.changedFrom} (one INTEGER PRIMARY KEY CHECK (one = 1), seq INTEGER NOT NULL)`,
    `INSERT OR IGNORE INTO ${layout.changedFrom} (one, seq) SELECT 1, seq FROM ${layout.touchedSeq}`,
  ];
}

/** The writing connection's note of this transaction's rows: a row's searchable texts as a JSON array, NULL once removed. */
export const noteChangedRowsSql = (): string[] => [
  'CREATE TEMP TABLE IF NOT EXISTS search_changed_now (rid INTEGER PRIMARY KEY, texts TEXT)',
];

export const noteChangedRowSql = 'INSERT OR REPLACE INTO temp.search_changed_now (rid, texts) VALUES (?, ?)';

/** Stores the noted rows under the commit's sequence and forgets the oldest; after the write scopes' commit. */
export function commitChangedRowsSql(layout: IndexLayout): string[] {
  const seq = `(SELECT seq FROM ${layout.touchedSeq})`;
  return [
    `INSERT INTO ${layout.changed} (seq, rid, texts) SELECT ${seq}, rid, texts FROM temp.search_changed_now WHERE true`,
    'DELETE FROM temp.search_changed_now',
    `DELETE FROM ${layout.changed} WHERE seq <= ${seq} - ${KEPT_COMMITS}`,
  ];
}

/** Rows changed after a kept answer was read, up to `now`: each row once, with its latest texts (null when removed). */
export interface RowChanges {
  now: ReadAt;
  rids: number[];
  /** The sequence of each row's latest change: a copy of the row read at that state or later is still current. */
  changedAt: number[];
  texts: Array<string[] | null>;
}

export interface ChangedRows {
  /**
   * The rows changed since `at`, read in the caller's transaction with the state they bring an answer to; null
   * when the log does not reach back to `at` or holds too many rows to be worth it.
   */
  since(layout: IndexLayout, at: ReadAt, withTexts: boolean): RowChanges | null;
  /** Which of `changes`' rows match the full-text expression now, tested in a small in-memory index of their texts. */
  matching(layout: IndexLayout, expression: string, changes: RowChanges): Set<number>;
  /**
   * The docs rows of `changes` as they are now, by column name (null for a removed row): read once per state for
   * every patch that asks, so each kept answer tests the changed rows in memory rather than looking each up again.
   */
  rowsNow(layout: IndexLayout, changes: RowChanges): (rid: number) => DocsRow | null;
}

/** A docs row as SQLite returns it, by column name (unquoted: `kl_city`, `d_date`). */
export type DocsRow = Record<string, unknown>;

/** The log's recent entries in commit order, as read so far: entries with `seq` in (`base`, `to`]. */
interface LogMirror {
  base: number;
  to: number;
  seqs: number[];
  rids: number[];
  texts: Array<string | null>;
  /** Each entry's texts parsed, once the first patch that needs them asks (every set a commit touched does). */
  parsed: Array<string[] | null | undefined>;
}

export const changedRowsOf = onePerConnection(createChangedRows);

function createChangedRows(db: Database.Database): ChangedRows {
  const scopes = writeScopesOf(db);
  // Asked by every patch of every kept answer: compiled once.
  const statements = createStatementCache(db);
  /** Layouts with a log (an index from before it has none until its next start); null while unknown. */
  const logged = new Map<string, boolean>();
  const hasLog = (layout: IndexLayout): boolean => {
    let known = logged.get(layout.changed);
    if (known === undefined) {
      known =
        db
          .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
          .get(layout.changedFrom.slice(1, -1)) !== undefined;
      // Not there yet: asked again next time (a reader may start before the writer's `init`).
      if (known) logged.set(layout.changed, known);
    }
    return known;
  };
  /**
   * The temporary full-text table a layout's patches test in, created on first use with the layout's columns,
   * and the state it holds each row in (the sequence its text is the latest of). Every kept set a commit touched
   * is patched with the same changed rows, so a row is written into the table once per state it reaches, not
   * once per set.
   */
  const patchTables = new Map<string, { table: string; heldAt: Map<number, number> }>();
  const patchTable = (layout: IndexLayout): { table: string; heldAt: Map<number, number> } => {
    let patch = patchTables.get(layout.fts);
    if (patch === undefined) {
      const table = `"patch_${layout.fts.slice(1, -1)}"`;
      const columns = layout.searchable.map((group) => group.column).join(', ');
      // The live index's columns and tokenizer, so an expression matches here exactly as it does there.
      db.exec(
        `CREATE VIRTUAL TABLE IF NOT EXISTS temp.${table} USING fts5(${columns}, tokenize='unicode61 remove_diacritics 2')`,
      );
      statements.prepared(`DELETE FROM temp.${table}`).run();
      patch = { table, heldAt: new Map() };
      patchTables.set(layout.fts, patch);
    }
    return patch;
  };

  /**
   * The log from `at` to `now` in memory: every patch after a commit asks for nearly the same range, so the
   * entries are read once and kept while the log keeps them.
   */
  const mirrors = new Map<string, LogMirror>();
  const readLog = (layout: IndexLayout, after: number, upTo: number): LogMirror => {
    const rows = statements
      .prepared(`SELECT seq, rid, texts FROM ${layout.changed} WHERE seq > ? AND seq <= ? ORDER BY seq`)
      .raw()
      .all(after, upTo) as Array<[number, number, string | null]>;
    return {
      base: after,
      to: upTo,
      seqs: rows.map(([seq]) => seq),
      rids: rows.map(([, rid]) => rid),
      texts: rows.map(([, , texts]) => texts),
      parsed: new Array<undefined>(rows.length),
    };
  };
  const mirrorOf = (layout: IndexLayout, at: number, now: number): LogMirror => {
    let mirror = mirrors.get(layout.changed);
    if (mirror === undefined || at < mirror.base || now < mirror.to) {
      mirror = readLog(layout, at, now);
    } else if (now > mirror.to) {
      const more = readLog(layout, mirror.to, now);
      // Entries the log no longer keeps leave the mirror too.
      const keepFrom = lowerBound(mirror.seqs, now - KEPT_COMMITS);
      mirror = {
        base: Math.max(mirror.base, now - KEPT_COMMITS),
        to: now,
        seqs: [...mirror.seqs.slice(keepFrom), ...more.seqs],
        rids: [...mirror.rids.slice(keepFrom), ...more.rids],
        texts: [...mirror.texts.slice(keepFrom), ...more.texts],
        parsed: [...mirror.parsed.slice(keepFrom), ...more.parsed],
      };
      if (at < mirror.base) mirror = readLog(layout, at, now);
    }
    // A bulk load's commits hold thousands of rows each: past the most worth patching, nothing is kept.
    if (mirror.seqs.length > MOST_ROWS_PATCHED) mirrors.delete(layout.changed);
    else mirrors.set(layout.changed, mirror);
    return mirror;
  };

  /** The last few answers of `since`, newest first: a mirror is replaced, never changed, when the log moves on. */
  const sinceAsked: Array<{ mirror: LogMirror; at: number; withTexts: boolean; changes: RowChanges }> = [];

  /** Docs rows of recent changes, each with the state it was read at. */
  const docsRows = new Map<string, Map<number, { seq: number; row: DocsRow | null }>>();

  return {
    since(layout, at, withTexts) {
      if (at.seq < 0 || !hasLog(layout)) return null;
      const now = scopes.now(layout);
      if (now.seq < at.seq) return null;
      const from = statements.prepared(`SELECT seq FROM ${layout.changedFrom}`).pluck().get() as number | undefined;
      // Commits from before the log, or ones it has already forgotten, may have changed rows it cannot name.
      if (from === undefined || at.seq < from || at.seq < now.seq - KEPT_COMMITS) return null;
      const mirror = mirrorOf(layout, at.seq, now.seq);
      const first = lowerBound(mirror.seqs, at.seq);
      if (mirror.seqs.length - first > MOST_ROWS_PATCHED) return null;
      // Most kept answers a commit touched were read or patched at the same state: the first patch's changes serve
      // the others.
      const shared = sinceAsked.find(
        (asked) => asked.mirror === mirror && asked.at === at.seq && (asked.withTexts || !withTexts),
      );
      if (shared !== undefined) return { ...shared.changes, now };
      // The latest note of each row is its state at `now`.
      const latest = new Map<number, number>();
      for (let i = first; i < mirror.seqs.length; i++) latest.set(mirror.rids[i]!, i);
      const rids: number[] = [];
      const changedAt: number[] = [];
      const texts: Array<string[] | null> = [];
      for (const [rid, i] of latest) {
        rids.push(rid);
        changedAt.push(mirror.seqs[i]!);
        texts.push(withTexts ? textsOf(mirror, i) : null);
      }
      const changes = { now, rids, changedAt, texts };
      sinceAsked.unshift({ mirror, at: at.seq, withTexts, changes });
      sinceAsked.length = Math.min(sinceAsked.length, SHARED_CHANGES);
      return changes;
    },
    rowsNow(layout, changes) {
      let rows = docsRows.get(layout.docs);
      if (rows === undefined) docsRows.set(layout.docs, (rows = new Map()));
      if (rows.size + changes.rids.length > MOST_PATCH_ROWS) rows.clear();
      const held = rows;
      // A row read at a state since its latest change is still as it is now.
      const missing = changes.rids.filter((rid, i) => (held.get(rid)?.seq ?? -1) < changes.changedAt[i]!);
      if (missing.length > 0) {
        const found = statements
          .prepared(`SELECT d.* FROM json_each(?) c CROSS JOIN ${layout.docs} d WHERE d.rid = c.value`)
          .all(JSON.stringify(missing)) as DocsRow[];
        const byRid = new Map(found.map((row) => [row.rid as number, row]));
        for (const rid of missing) held.set(rid, { seq: changes.now.seq, row: byRid.get(rid) ?? null });
      }
      return (rid) => held.get(rid)?.row ?? null;
    },
    matching(layout, expression, changes) {
      const { table, heldAt } = patchTable(layout);
      if (heldAt.size + changes.rids.length > MOST_PATCH_ROWS) {
        statements.prepared(`DELETE FROM temp.${table}`).run();
        heldAt.clear();
      }
      const columns = layout.searchable.map((group) => group.column);
      const remove = statements.prepared(`DELETE FROM temp.${table} WHERE rowid = ?`);
      const insert = statements.prepared(
        `INSERT INTO temp.${table} (rowid, ${columns.join(', ')}) VALUES (?${', ?'.repeat(columns.length)})`,
      );
      changes.rids.forEach((rid, i) => {
        // Held at a state since its latest change: its text there is the current one.
        if ((heldAt.get(rid) ?? -1) >= changes.changedAt[i]!) return;
        const texts = changes.texts[i];
        if (heldAt.has(rid)) remove.run(rid);
        if (texts) insert.run(rid, ...columns.map((_, column) => texts[column] ?? null));
        heldAt.set(rid, changes.now.seq);
      });
      const asked = new Set(changes.rids);
      const found = statements
        .prepared(`SELECT rowid FROM temp.${table} WHERE ${table} MATCH ?`)
        .pluck()
        .all(expression) as number[];
      return new Set(found.filter((rid) => asked.has(rid)));
    },
  };
}

/** The texts of the mirror's entry `i`, parsed on first use; null for a removed row. */
function textsOf(mirror: LogMirror, i: number): string[] | null {
  let parsed = mirror.parsed[i];
  if (parsed === undefined) {
    const text = mirror.texts[i]!;
    parsed = mirror.parsed[i] = text === null ? null : (JSON.parse(text) as string[]);
  }
  return parsed;
}

/** The first index whose sequence is above `seq` in ascending `seqs`. */
function lowerBound(seqs: number[], seq: number): number {
  let low = 0;
  let high = seqs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (seqs[middle]! <= seq) low = middle + 1;
    else high = middle;
  }
  return low;
}
