/** Turns an indexed document into the values of its docs row, FTS row and R*Tree row. */
import type { IndexDocument } from '@evently/platform';
import {
  numericId,
  asEpochMillis,
  asGeoPoint,
  asKeyword,
  asNumber,
  type GeoPoint,
  foldKeyword,
} from '@evently/platform/adapter-kit';
import type { IndexLayout } from './index-layout.ts';

export interface DocumentRow {
  /** Positional values for the docs table insert, in `rowColumns` order. */
  values: unknown[];
  /** The whole document as JSON text, stored in the sources table (without its answer fragments). */
  json: string;
  /** Values for the FTS row, in `layout.searchable` order; null when nothing is searchable. */
  text: Array<string | null> | null;
  geo: Record<string, GeoPoint | null>;
  /** The document's projection on each of `layout.views`, in that order, as JSON text. */
  views: string[];
  /** Each of `layout.fragments` as JSON text, in that order; null when the document has none. */
  fragments: Array<string | null>;
}

/**
 * The document's fields named in `fields`, as a JSON object text: its keys in the document's own order (that of
 * `JSON.stringify(doc)`, which the stored source keeps), a missing or undefined field left out, each value as
 * `JSON.stringify` writes it in the whole document. Built as text so a key like `__proto__` stays a key.
 */
export function projectionJson(doc: IndexDocument, fields: readonly string[]): string {
  const wanted = new Set(fields);
  const parts: string[] = [];
  for (const key of Object.keys(doc)) {
    if (!wanted.has(key)) continue;
    const value = JSON.stringify(doc[key]) as string | undefined;
    if (value !== undefined) parts.push(`${JSON.stringify(key)}:${value}`);
  }
  return `{${parts.join(',')}}`;
}

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (Array.isArray(value)) {
    const parts = value.filter((part): part is string => typeof part === 'string' && part !== '');
    return parts.length > 0 ? parts.join(' \u2022 ') : null;
  }
  return asKeyword(value);
}

/** Column names of the docs table after `rid`, in the order `toRow` produces values. */
export function rowColumns(layout: IndexLayout): string[] {
  const names = ['id', 'id_key'];
  for (const [field, spec] of Object.entries(layout.schema.fields)) {
    if (spec.type === 'keyword') names.push(`"k_${field}"`, `"kl_${field}"`);
    if (spec.type === 'number') names.push(`"n_${field}"`);
    if (spec.type === 'date') names.push(`"d_${field}"`);
    if (spec.type === 'geo') names.push(`"g_${field}_lat"`, `"g_${field}_lon"`);
    if (spec.type === 'text' && spec.sortable) names.push(`"s_${field}"`);
  }
  return names;
}

export function toRow(layout: IndexLayout, doc: IndexDocument): DocumentRow {
  if (typeof doc.id !== 'string' || doc.id === '') throw new Error('Indexed documents need a non-empty string id');
  const values: unknown[] = [doc.id, numericId(doc.id) ?? doc.id];
  const geo: Record<string, GeoPoint | null> = {};
  for (const [field, spec] of Object.entries(layout.schema.fields)) {
    const value = doc[field];
    if (spec.type === 'keyword') {
      const keyword = asKeyword(value);
      values.push(keyword, keyword === null ? null : foldKeyword(keyword));
    }
    if (spec.type === 'number') values.push(asNumber(value));
    if (spec.type === 'date') values.push(asEpochMillis(value));
    if (spec.type === 'geo') {
      const point = asGeoPoint(value);
      geo[field] = point;
      values.push(point?.lat ?? null, point?.lon ?? null);
    }
    if (spec.type === 'text' && spec.sortable) values.push(asText(value)?.toLowerCase() ?? null);
  }
  return {
    values,
    json: JSON.stringify(withoutFragments(layout, doc)),
    text: searchableTexts(layout, doc),
    geo,
    views: layout.views.map((view) => projectionJson(doc, view.fields)),
    fragments: layout.fragments.map((fragment) => (JSON.stringify(doc[fragment.name]) as string | undefined) ?? null),
  };
}

/** The texts the full-text table holds for the document, one per searchable column; null without such columns. */
export function searchableTexts(layout: IndexLayout, doc: IndexDocument): Array<string | null> | null {
  if (layout.searchable.length === 0) return null;
  return layout.searchable.map(({ fields }) => {
    const parts = fields.map((field) => asText(doc[field])).filter((part): part is string => part !== null);
    return parts.length > 0 ? parts.join('\n') : null;
  });
}

/** Whether two documents' searchable texts are the same, column by column. */
export function sameTexts(a: Array<string | null> | null, b: Array<string | null> | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((text, i) => text === b[i]);
}

/** Whether two points (or their absence) are the same. */
export const samePoint = (a: GeoPoint | null, b: GeoPoint | null): boolean =>
  a === null || b === null ? a === b : a.lat === b.lat && a.lon === b.lon;

/** The document as `search` and `get` return it: answer fragments live in their own columns only. */
function withoutFragments(layout: IndexLayout, doc: IndexDocument): IndexDocument {
  if (!layout.fragments.some((fragment) => fragment.name in doc)) return doc;
  const rest: IndexDocument = { ...doc };
  for (const fragment of layout.fragments) delete rest[fragment.name];
  return rest;
}
