/**
 * Where an index lives in the SQLite file: one docs table with a typed column per filterable/sortable field,
 * one contentless FTS5 table over the searchable fields, one R*Tree per geo field. Table names carry a version
 * so a rebuild can fill a fresh copy while the current one keeps serving.
 */
import type { FieldSpec, IndexSchema } from '@evently/platform';
import { assertPlainName } from '@evently/platform/adapter-kit';

/**
 * One FTS5 column per distinct boost: fields that weigh the same share a column (bm25 weighs columns, not
 * fields), and fewer columns make every insert cheaper.
 */
export interface SearchableColumn {
  fields: string[];
  column: string;
  boost: number;
}

export interface IndexLayout {
  schema: IndexSchema;
  version: number;
  docs: string;
  /** The documents as given (JSONB), apart from the docs table so its rows stay narrow for filtering. */
  sources: string;
  fts: string;
  ftsVocab: string;
  /** Document counts per keyword value and spelling, kept by triggers (facet-counts.ts). */
  facets: string;
  geo: Record<string, string>;
  /** Events per map cell and start day for each geo and date field, kept by triggers (area-counts.ts). */
  areaCounts: AreaCountTable[];
  /** Documents with each number and date field, kept by triggers (present-counts.ts). */
  presentCounts: string;
  /** What each write touched, with the sequence of its commit (write-scopes.ts). */
  touched: string;
  /** The sequence of the last commit that touched anything. */
  touchedSeq: string;
  /** The rows each recent commit changed, with their texts (changed-rows.ts). */
  changed: string;
  /** The sequence the changed rows' log starts at. */
  changedFrom: string;
  searchable: SearchableColumn[];
  /**
   * The schema's `views`: each a TEXT column of the views table (one row per document, by rid) holding the
   * document's projection on the view's fields. Apart from the sources table so both keep their rows small:
   * a source and a card in one row are ~2.1 KB, one row per 4 KB page, which doubled that table.
   */
  views: StoredView[];
  /**
   * The schema's answer `fragments`: each a nullable TEXT column of the same views table holding the fragment's
   * JSON text as the writer rendered it (the sources table keeps the document without them).
   */
  fragments: StoredFragment[];
  viewsTable: string;
}

export interface AreaCountTable {
  geo: string;
  date: string;
  table: string;
}

export interface StoredFragment {
  name: string;
  column: string;
}

/** A schema view as stored: its fields and the sources column with each document's JSON on them. */
export interface StoredView {
  name: string;
  fields: string[];
  column: string;
}

const quote = (identifier: string): string => `"${identifier}"`;

export const column = {
  keywordRaw: (field: string) => quote(`k_${field}`),
  keywordLower: (field: string) => quote(`kl_${field}`),
  number: (field: string) => quote(`n_${field}`),
  date: (field: string) => quote(`d_${field}`),
  sortText: (field: string) => quote(`s_${field}`),
  lat: (field: string) => quote(`g_${field}_lat`),
  lon: (field: string) => quote(`g_${field}_lon`),
};

/** A quoted column's name as a row read with `SELECT *` keys it. */
export const unquoted = (identifier: string): string => identifier.slice(1, -1);

export function layoutFor(schema: IndexSchema, version: number): IndexLayout {
  assertPlainName('Index', schema.name);
  const prefix = `search_${schema.name}_v${version}`;
  const geo: Record<string, string> = {};
  const searchable: SearchableColumn[] = [];
  for (const [field, spec] of Object.entries(schema.fields)) {
    assertPlainName('Field', field);
    if (spec.type === 'geo') geo[field] = quote(`${prefix}_geo_${field}`);
    for (const by of spec.type === 'keyword' ? (spec.sortedBy ?? []) : []) {
      const type = schema.fields[by]?.type;
      if (type !== 'number' && type !== 'date')
        throw new Error(`Keyword "${field}" is sortedBy "${by}", which is not a number or date field`);
    }
    if (spec.type === 'text' || (spec.type === 'keyword' && spec.searchable)) {
      const boost = spec.boost ?? 1;
      const group = searchable.find((candidate) => candidate.boost === boost);
      if (group) group.fields.push(field);
      else searchable.push({ fields: [field], column: quote(`t_boost_${String(boost).replace(/\W/g, '_')}`), boost });
    }
  }
  return {
    schema,
    version,
    docs: quote(`${prefix}_docs`),
    sources: quote(`${prefix}_sources`),
    viewsTable: quote(`${prefix}_views`),
    fts: quote(`${prefix}_fts`),
    ftsVocab: quote(`${prefix}_fts_vocab`),
    facets: quote(`${prefix}_facets`),
    presentCounts: quote(`${prefix}_present`),
    touched: quote(`${prefix}_touched`),
    touchedSeq: quote(`${prefix}_touched_seq`),
    changed: quote(`${prefix}_changed`),
    changedFrom: quote(`${prefix}_changed_from`),
    geo,
    areaCounts: Object.keys(geo).flatMap((field) =>
      Object.entries(schema.fields)
        .filter(([, spec]) => spec.type === 'date')
        .map(([date]) => ({ geo: field, date, table: quote(`${prefix}_cells_${field}_${date}`) })),
    ),
    searchable,
    views: Object.entries(schema.views ?? {}).map(([name, fields]) => {
      assertPlainName('View', name);
      return { name, fields: [...new Set(fields)], column: quote(`v_${name}`) };
    }),
    fragments: Object.keys(schema.fragments ?? {}).map((name) => {
      assertPlainName('Fragment', name);
      return { name, column: quote(`f_${name}`) };
    }),
  };
}

/** Columns of the views table after `rid`: the views', then the fragments'. */
export const viewsTableColumns = (layout: IndexLayout): string[] =>
  [...layout.views, ...layout.fragments].map((stored) => stored.column);

/** The stored view that holds exactly `fields` (in any order, repeats ignored), if the layout keeps one. */
export function viewFor(layout: IndexLayout, fields: readonly string[]): StoredView | null {
  if (layout.views.length === 0) return null;
  const wanted = new Set(fields);
  return (
    layout.views.find(
      (view) => view.fields.length === wanted.size && view.fields.every((field) => wanted.has(field)),
    ) ?? null
  );
}

function columnsOf(field: string, spec: FieldSpec): string[] {
  switch (spec.type) {
    case 'keyword':
      return [`${column.keywordRaw(field)} TEXT`, `${column.keywordLower(field)} TEXT`];
    case 'number':
      return [`${column.number(field)} REAL`];
    case 'date':
      return [`${column.date(field)} INTEGER`];
    case 'geo':
      return [`${column.lat(field)} REAL`, `${column.lon(field)} REAL`];
    case 'text':
      return spec.sortable ? [`${column.sortText(field)} TEXT`] : [];
  }
}

/** Tables (without secondary indexes, which a bulk rebuild adds once at the end). */
export function createTablesSql(layout: IndexLayout): string[] {
  const typed = Object.entries(layout.schema.fields).flatMap(([field, spec]) => columnsOf(field, spec));
  // id_key has no declared type on purpose: it holds an INTEGER for numeric ids and TEXT otherwise, and
  // SQLite orders every integer before every text, which is exactly the id tie-break the port promises.
  const statements = [
    `CREATE TABLE IF NOT EXISTS ${layout.docs} (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, id_key NOT NULL${typed.map((c) => `, ${c}`).join('')})`,
    // Filters and sorts walk thousands of docs rows per query; keeping the (large) documents in their own
    // table makes those rows small, so a geo or filter scan touches a fraction of the pages.
    `CREATE TABLE IF NOT EXISTS ${layout.sources} (rid INTEGER PRIMARY KEY, src BLOB NOT NULL)`,
  ];
  if (viewsTableColumns(layout).length > 0) {
    // A view's column is the document's projection on the view's fields as JSON text, returned as stored
    // (decision 024): a card page reads 100 short texts instead of picking 25 keys out of 100 JSONB documents.
    // A fragment's column is the text its writer rendered, null when a document came without it.
    const columns = [
      ...layout.views.map((view) => `, ${view.column} TEXT NOT NULL`),
      ...layout.fragments.map((fragment) => `, ${fragment.column} TEXT`),
    ];
    statements.push(`CREATE TABLE IF NOT EXISTS ${layout.viewsTable} (rid INTEGER PRIMARY KEY${columns.join('')})`);
  }
  if (layout.searchable.length > 0) {
    // Contentless (the text lives in src) with contentless_delete so replaced documents leave the index;
    // detail=column keeps the index small because queries never need word positions. No prefix indexes:
    // they multiply the write cost, and prefix queries start at 3 letters where a term range scan is cheap.
    const columns = layout.searchable.map((s) => s.column).join(', ');
    statements.push(
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${layout.fts} USING fts5(${columns}, content='', contentless_delete=1, detail=column, tokenize='unicode61 remove_diacritics 2')`,
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${layout.ftsVocab} USING fts5vocab(${layout.fts.slice(1, -1)}, 'row')`,
    );
  }
  for (const table of Object.values(layout.geo)) {
    statements.push(`CREATE VIRTUAL TABLE IF NOT EXISTS ${table} USING rtree(id, min_lat, max_lat, min_lon, max_lon)`);
  }
  return statements;
}

/** The (keyword, field) index kept for a keyword's `sortedBy` field. */
export function sortedByIndex(layout: IndexLayout, keyword: string, field: string): string {
  return quote(`${layout.docs.slice(1, -1)}_kl_${keyword}_by_${field}`);
}

/** The covering (lat, lon, id_key, dates, numbers) index of a geo field. */
export function geoIndex(layout: IndexLayout, field: string): string {
  return quote(`${layout.docs.slice(1, -1)}_g_${field}`);
}

/** The (date, id_key, numbers, points) index of a date field. */
export function dateIndex(layout: IndexLayout, field: string): string {
  return quote(`${layout.docs.slice(1, -1)}_d_${field}`);
}

/**
 * Secondary indexes: every filter/sort column followed by id_key, so a sort walks one index in either
 * direction. Date indexes also carry every number column: a date window combined with price filters (the
 * date-preset listings) is then counted from the index alone, without visiting a million table rows; and the
 * geo columns, so a map area walked in date order is tested in the index entry. Geo
 * fields get a covering (lat, lon, id_key, dates, numbers) index for the same reason, and so does each
 * keyword's `sortedBy` index (keyword, field, id_key, the other dates and numbers, the sortable texts).
 */
export function createIndexesSql(layout: IndexLayout): string[] {
  const table = layout.docs.slice(1, -1);
  const statements: string[] = [];
  statements.push(`CREATE INDEX IF NOT EXISTS ${quote(`${table}_id_key`)} ON ${layout.docs} (id_key)`);
  const numberColumns = Object.entries(layout.schema.fields)
    .filter(([, spec]) => spec.type === 'number')
    .map(([field]) => column.number(field));
  const dateColumns = Object.entries(layout.schema.fields)
    .filter(([, spec]) => spec.type === 'date')
    .map(([field]) => column.date(field));
  const geoColumns = Object.entries(layout.schema.fields)
    .filter(([, spec]) => spec.type === 'geo')
    .flatMap(([field]) => [column.lat(field), column.lon(field)]);
  const sortableTextColumns = Object.entries(layout.schema.fields)
    .filter(([, spec]) => spec.type === 'text' && spec.sortable)
    .map(([field]) => column.sortText(field));
  const add = (name: string, columns: string) =>
    statements.push(`CREATE INDEX IF NOT EXISTS ${quote(`${table}_${name}`)} ON ${layout.docs} (${columns})`);
  for (const [field, spec] of Object.entries(layout.schema.fields)) {
    if (spec.type === 'keyword') add(`kl_${field}`, `${column.keywordLower(field)}, id_key`);
    for (const by of spec.type === 'keyword' ? (spec.sortedBy ?? []) : []) {
      const sorted = layout.schema.fields[by]?.type === 'date' ? column.date(by) : column.number(by);
      // The sortable texts too: words with that keyword value rank by the name before this order, and read it
      // in the index entry (keyword-order.ts).
      const others = [...dateColumns, ...numberColumns].filter((name) => name !== sorted);
      add(
        `kl_${field}_by_${by}`,
        [column.keywordLower(field), sorted, 'id_key', ...others, ...sortableTextColumns].join(', '),
      );
    }
    if (spec.type === 'number') add(`n_${field}`, `${column.number(field)}, id_key`);
    // The date order also carries the points, so a map box or circle in date order (every map view) tests each
    // walked entry in the index instead of looking up its docs row, which cost most of a map page's time.
    if (spec.type === 'date')
      add(`d_${field}`, [column.date(field), 'id_key', ...numberColumns, ...geoColumns].join(', '));
    if (spec.type === 'text' && spec.sortable) add(`s_${field}`, `${column.sortText(field)}, id_key`);
    // Map and "near me" listings filtered only by dates and numbers read one latitude band of this index
    // sequentially instead of looking up one docs row per point the R*Tree finds (a lookup at random per point).
    if (spec.type === 'geo')
      add(`g_${field}`, [column.lat(field), column.lon(field), 'id_key', ...dateColumns, ...numberColumns].join(', '));
  }
  return statements;
}

export function dropSql(layout: IndexLayout): string[] {
  return [
    `DROP TABLE IF EXISTS ${layout.ftsVocab}`,
    `DROP TABLE IF EXISTS ${layout.fts}`,
    ...Object.values(layout.geo).map((table) => `DROP TABLE IF EXISTS ${table}`),
    `DROP TABLE IF EXISTS ${layout.sources}`,
    `DROP TABLE IF EXISTS ${layout.viewsTable}`,
    `DROP TABLE IF EXISTS ${layout.facets}`,
    `DROP TABLE IF EXISTS ${layout.presentCounts}`,
    `DROP TABLE IF EXISTS ${layout.touched}`,
    `DROP TABLE IF EXISTS ${layout.touchedSeq}`,
    `DROP TABLE IF EXISTS ${layout.changed}`,
    `DROP TABLE IF EXISTS ${layout.changedFrom}`,
    ...layout.areaCounts.map((area) => `DROP TABLE IF EXISTS ${area.table}`),
    `DROP TABLE IF EXISTS ${layout.docs}`,
  ];
}
