/**
 * How many documents have each number and date field, kept by triggers (as facet-counts.ts keeps keyword
 * counts). The "upcoming" count of the whole index is the rows with a start less those before the cutoff; the
 * second part is few rows of the date index and is kept until a write touches a day up to the cutoff
 * (write-scopes.ts), but the first changed with every new event, so counting it again read the whole date index
 * after each projector batch. One row per field, updated in the writing transaction, answers it exactly.
 *
 * A bulk load runs without the triggers; the table is filled once from the rows when it is new.
 */
import type Database from 'better-sqlite3';
import { column, type IndexLayout } from './index-layout.ts';

const literal = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/** The number and date fields with the column holding each. */
function valueColumns(layout: IndexLayout): Array<{ field: string; column: string }> {
  return Object.entries(layout.schema.fields).flatMap(([field, spec]) =>
    spec.type === 'number'
      ? [{ field, column: column.number(field) }]
      : spec.type === 'date'
        ? [{ field, column: column.date(field) }]
        : [],
  );
}

/** The table and its triggers; none for a schema without number or date fields. */
export function presentCountsSql(layout: IndexLayout): string[] {
  const fields = valueColumns(layout);
  if (fields.length === 0) return [];
  const name = layout.presentCounts.slice(1, -1);
  const change = (delta: (col: string) => string) =>
    `UPDATE ${layout.presentCounts} SET n = n + CASE field ${fields
      .map((f) => `WHEN ${literal(f.field)} THEN ${delta(f.column)}`)
      .join(' ')} ELSE 0 END;`;
  const presenceMoved = fields.map((f) => `(old.${f.column} IS NULL) IS NOT (new.${f.column} IS NULL)`).join(' OR ');
  return [
    `CREATE TABLE IF NOT EXISTS ${layout.presentCounts} (field TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID`,
    `CREATE TRIGGER IF NOT EXISTS "${name}_insert" AFTER INSERT ON ${layout.docs} BEGIN ${change((col) => `(new.${col} IS NOT NULL)`)} END`,
    `CREATE TRIGGER IF NOT EXISTS "${name}_delete" AFTER DELETE ON ${layout.docs} BEGIN ${change((col) => `-(old.${col} IS NOT NULL)`)} END`,
    `CREATE TRIGGER IF NOT EXISTS "${name}_update" AFTER UPDATE ON ${layout.docs} WHEN ${presenceMoved} BEGIN ${change(
      (col) => `(new.${col} IS NOT NULL) - (old.${col} IS NOT NULL)`,
    )} END`,
  ];
}

/** Fills the new table from the docs rows in one pass: every field gets its row, zero included. */
export function backfillPresentCounts(db: Database.Database, layout: IndexLayout): void {
  const fields = valueColumns(layout);
  if (fields.length === 0) return;
  const counted = db
    .prepare(`SELECT ${fields.map((f, i) => `count(${f.column}) AS c${i}`).join(', ')} FROM ${layout.docs}`)
    .get() as Record<string, number>;
  const put = db.prepare(
    `INSERT INTO ${layout.presentCounts} (field, n) VALUES (?, ?) ON CONFLICT (field) DO UPDATE SET n = excluded.n`,
  );
  fields.forEach((f, i) => put.run(f.field, counted[`c${i}`] ?? 0));
}

/** The count of documents with `@field`: one row. */
export const presentCountSql = (layout: IndexLayout): string =>
  `SELECT n FROM ${layout.presentCounts} WHERE field = @field`;
