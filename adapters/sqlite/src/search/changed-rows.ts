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

  return {
    since(layout, at, withTexts) {
      if (at.seq < 0 || !hasLog(layout)) return null;
      const now = scopes.now(layout);
      if (now.seq < at.seq) return null;
      const from = statements.prepared(`SELECT seq FROM ${layout.changedFrom}`).pluck().get() as number | undefined;
      // Commits from before the log, or ones it has already forgotten, may have changed rows it cannot name.
      if (from === undefined || at.seq < from || at.seq < now.seq - KEPT_COMMITS) return null;
      // One row past the most worth patching says there are too many, without counting them first.
      const rows = statements
        .prepared(
          `SELECT rid, ${withTexts ? 'texts' : 'NULL'} FROM ${layout.changed} WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ${MOST_ROWS_PATCHED + 1}`,
        )
        .raw()
        .all(at.seq, now.seq) as Array<[number, string | null]>;
      if (rows.length > MOST_ROWS_PATCHED) return null;
      // The latest note of each row is its state at `now`.
      const latest = new Map<number, string | null>();
      for (const [rid, texts] of rows) latest.set(rid, texts);
      return {
        now,
        rids: [...latest.keys()],
        texts: [...latest.values()].map((texts) => (texts === null ? null : (JSON.parse(texts) as string[]))),
      };
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
        // Held at this state or a later one: already there.
        if ((heldAt.get(rid) ?? -1) >= changes.now.seq) return;
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
