/**
 * Keyword facets kept up to date on write. Grouping a million docs rows by city costs seconds (a scan, or an
 * index walk with a row lookup each), which the filter options of every cold listing paid. Instead, triggers
 * on the docs table keep one row per (field, folded value, spelling) with its document count, so the facets of
 * the whole index are a read of a few hundred rows. Facets restricted by "date >= x" (the upcoming listings)
 * subtract the rows below x (and without a date), which the date index finds without touching the others: past
 * events are few in a live catalogue. Any other restriction falls back to grouping the matching rows.
 *
 * A bulk rebuild loads without the triggers and fills the table with one grouping pass at commit.
 */
import type { FilterClause } from '@evently/platform';
import { asEpochMillis } from '@evently/platform/adapter-kit';
import { column, type IndexLayout } from './index-layout.ts';

const keywordFields = (layout: IndexLayout): string[] =>
  Object.entries(layout.schema.fields)
    .filter(([, spec]) => spec.type === 'keyword')
    .map(([field]) => field);

const literal = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/** The table, its triggers and a backfill from the rows already there (a no-op on an empty index). */
export function facetCountsSql(layout: IndexLayout): string[] {
  const fields = keywordFields(layout);
  if (fields.length === 0) return [];
  const name = layout.facets.slice(1, -1);
  const add = (row: 'new', field: string, when = 'TRUE') =>
    `INSERT INTO ${layout.facets} (field, kl, raw, n) SELECT ${literal(field)}, ${row}.${column.keywordLower(field)}, ${row}.${column.keywordRaw(field)}, 1` +
    ` WHERE ${row}.${column.keywordLower(field)} IS NOT NULL AND ${when} ON CONFLICT (field, kl, raw) DO UPDATE SET n = n + 1;`;
  const remove = (field: string, when = 'TRUE') =>
    `UPDATE ${layout.facets} SET n = n - 1 WHERE field = ${literal(field)} AND kl = old.${column.keywordLower(field)} AND raw = old.${column.keywordRaw(field)} AND ${when};`;
  const changed = (field: string) => `old.${column.keywordRaw(field)} IS NOT new.${column.keywordRaw(field)}`;
  return [
    `CREATE TABLE IF NOT EXISTS ${layout.facets} (field TEXT NOT NULL, kl TEXT NOT NULL, raw TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (field, kl, raw)) WITHOUT ROWID`,
    `CREATE TRIGGER IF NOT EXISTS "${name}_insert" AFTER INSERT ON ${layout.docs} BEGIN ${fields.map((f) => add('new', f)).join(' ')} END`,
    `CREATE TRIGGER IF NOT EXISTS "${name}_delete" AFTER DELETE ON ${layout.docs} BEGIN ${fields.map((f) => remove(f)).join(' ')} END`,
    `CREATE TRIGGER IF NOT EXISTS "${name}_update" AFTER UPDATE ON ${layout.docs} BEGIN ${fields
      .map((f) => `${remove(f, changed(f))} ${add('new', f, changed(f))}`)
      .join(' ')} END`,
  ];
}

/** Fills an empty facets table from the docs rows: for indexes that predate it and after a bulk load. */
export function backfillFacetCountsSql(layout: IndexLayout): string[] {
  return keywordFields(layout).map(
    (field) =>
      `INSERT INTO ${layout.facets} (field, kl, raw, n) SELECT ${literal(field)}, ${column.keywordLower(field)}, ${column.keywordRaw(field)}, count(*)` +
      ` FROM ${layout.docs} WHERE ${column.keywordLower(field)} IS NOT NULL GROUP BY 1, 2, 3`,
  );
}

export interface FacetRow {
  key: string;
  raw: string;
  n: number;
}

/** Counted per field from the table: every document, before any restriction. */
export function wholeIndexFacetsSql(layout: IndexLayout): string {
  return `SELECT kl AS key, raw, n FROM ${layout.facets} WHERE field = @field AND n > 0`;
}

/**
 * For "field >= x" (or "> x") alone on a date or number field: the rows the table counts but the
 * restriction leaves out (below x, or without the field), read through that field's index. Null otherwise.
 */
export function excludedRowsFacetsSql(
  layout: IndexLayout,
  filters: FilterClause[],
  field: string,
): { sql: string; countSql: string; bound: number | null } | null {
  const only = filters[0];
  if (filters.length !== 1 || only?.op !== 'range' || only.lt !== undefined || only.lte !== undefined) return null;
  if ((only.gte === undefined) === (only.gt === undefined)) return null;
  const spec = layout.schema.fields[only.field];
  if (spec?.type !== 'date' && spec?.type !== 'number') return null;
  const target = spec.type === 'date' ? column.date(only.field) : column.number(only.field);
  const index = `"${layout.docs.slice(1, -1)}_${spec.type === 'date' ? 'd' : 'n'}_${only.field}"`;
  const below = only.gte !== undefined ? '<' : '<=';
  const kl = column.keywordLower(field);
  const raw = column.keywordRaw(field);
  const sql =
    `SELECT key, raw, count(*) AS n FROM (` +
    `SELECT ${kl} AS key, ${raw} AS raw FROM ${layout.docs} INDEXED BY ${index} WHERE ${target} IS NULL` +
    ` UNION ALL SELECT ${kl}, ${raw} FROM ${layout.docs} INDEXED BY ${index} WHERE ${target} ${below} @bound` +
    `) WHERE key IS NOT NULL GROUP BY 1, 2`;
  const countSql = `SELECT count(*) FROM (SELECT 1 FROM ${layout.docs} INDEXED BY ${index} WHERE ${target} ${below} @bound LIMIT @limit)`;
  const given = only.gte ?? only.gt;
  const bound = spec.type === 'date' ? asEpochMillis(given) : Number(given);
  return { sql, countSql, bound: bound === null || Number.isNaN(bound) ? null : bound };
}

/** Whole-index counts minus the excluded rows' counts, per (folded value, spelling). */
export function subtractFacetRows(whole: FacetRow[], excluded: FacetRow[]): FacetRow[] {
  const minus = new Map(excluded.map((row) => [`${row.key}\u0000${row.raw}`, row.n]));
  return whole
    .map((row) => ({ ...row, n: row.n - (minus.get(`${row.key}\u0000${row.raw}`) ?? 0) }))
    .filter((row) => row.n > 0);
}
