/**
 * What a page returns for each row once the page is decided: its stored source (whole, a stored view, or the
 * named fields), or one of its stored answer fragments, read by rid from the one table that holds them.
 */
import { viewFor, type IndexLayout } from './index-layout.ts';
import type { StatementCache } from './statement-cache.ts';
import type { FoundRow } from './reader-context.ts';
import type { KeptTexts } from './kept-texts.ts';

/** A page row's id and stored text (a source, a view or a fragment; null when it has none). */
export interface LoadedRow {
  id: string;
  text: string | null;
}

export interface StoredTexts {
  /**
   * Sources of one page, read by rowid after the page is decided. `fields` keeps the named top-level keys in
   * one pass over the stored JSONB (a missing field stays missing, a skipped value is never converted): less
   * CPU than one path lookup per field for the fields of a list card, and unlike parsing the whole document
   * its cost does not grow with long descriptions or FAQs. When `fields` are one of the schema's `views`, the
   * projection stored at write time is the answer as it is, which spares the reader thread even the key pass.
   */
  loadSources(layout: IndexLayout, rows: FoundRow[], fields: string[] | undefined): Map<number, string | null>;
  /** A page's stored texts of one answer fragment (null when the live copy predates the fragment). */
  loadFragments(layout: IndexLayout, rows: FoundRow[], name: string): Map<number, string | null>;
}

export function createStoredTexts(statements: StatementCache, kept: KeptTexts): StoredTexts {
  /**
   * Page rows' stored texts, read by rid once the page is decided from the one table that holds them. The ids
   * come from the page statement's id key (`idOfKey`), never from the docs table: a sorted page (a map box, a
   * circle) keeps every match's selected columns until its sort ends and `id` is the one column its covering
   * index lacks (selecting it makes the sort carry a wide column for every match), and reading it afterwards
   * by rid was a second b-tree lookup per row. Sources and stored texts are written and deleted with their docs row in one
   * transaction (sqlite-search-index.ts), so a row deleted since the page was read is left out as before.
   *
   * The rids are looked up in ascending order, whatever the page's: consecutive lookups then descend the same
   * b-tree pages and move forward through the leaves instead of jumping across the table at random, which
   * matters most for the thousand pins of a map page; the page's order is kept by `loadedRows`, which reads the
   * rows by rid.
   */
  const textsByRid = (
    table: string,
    text: string,
    rids: number[],
    params: Record<string, string>,
  ): Map<number, string | null> => {
    const ascending = JSON.stringify(rids.sort((a, b) => a - b));
    // [rid, text] pairs, which the map takes as they come.
    const found = statements
      .prepared(`SELECT j.value, ${text} FROM json_each(@rids) j JOIN ${table} s ON s.rid = j.value`)
      .raw()
      .all({ ...params, rids: ascending }) as Array<[number, string | null]>;
    return new Map(found);
  };
  const ridsOf = (rows: FoundRow[]): number[] => rows.map((row) => row.rid);
  /** A column of the views table (a stored view or a fragment), kept in memory between asks (kept-texts.ts). */
  const storedColumn = (layout: IndexLayout, column: string, rows: FoundRow[]): Map<number, string | null> =>
    kept.texts(layout, column, ridsOf(rows), (missing) => textsByRid(layout.viewsTable, `s.${column}`, missing, {}));

  return {
    loadSources(layout, rows, fields) {
      const view = fields ? viewFor(layout, fields) : null;
      if (view) return storedColumn(layout, view.column, rows);
      const source = fields
        ? '(SELECT json_group_object(key, value) FROM json_each(s.src) WHERE key IN (SELECT value FROM json_each(@fields)))'
        : 'json(s.src)';
      const params: Record<string, string> = fields ? { fields: JSON.stringify(fields) } : {};
      return textsByRid(layout.sources, source, ridsOf(rows), params);
    },
    loadFragments(layout, rows, name) {
      const fragment = layout.fragments.find((candidate) => candidate.name === name);
      return fragment ? storedColumn(layout, fragment.column, rows) : textsByRid(layout.docs, 'NULL', ridsOf(rows), {});
    },
  };
}

/** The page's rows in order with what was loaded for them; a row deleted since the page was read is left out. */
export const loadedRows = (
  rows: FoundRow[],
  loaded: Map<number, string | null>,
): Array<LoadedRow & { row: FoundRow }> =>
  rows.flatMap((row) => {
    const text = loaded.get(row.rid);
    return text === undefined ? [] : [{ row, id: row.id, text }];
  });
