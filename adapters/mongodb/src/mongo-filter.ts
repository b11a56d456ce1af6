/**
 * Translates the port's `Where` and sort arguments into MongoDB query documents. Pure: no driver, no I/O,
 * so the translation is unit-tested without an engine.
 *
 * Our documents keep the port's `id` in Mongo's `_id`, so conditions and sorts on `id` address `_id`.
 * Condition objects are checked key by key: anything that is not one of our operators is refused, which
 * also stops a caller from smuggling a raw `$where`/`$gt` object through as an "equality value".
 */
import type { FieldCondition, FindArgs, Scalar, Where } from '@evently/platform';

export type MongoFilter = Record<string, unknown>;
export type MongoSort = Array<[string, 1 | -1]>;

export interface FilterContext {
  collection: string;
  /** Fields that accept `contains` (the collection's `containsFields`). */
  containsFields: ReadonlySet<string>;
}

/** A path of plain identifiers, optionally dotted; never `$`-prefixed, so it cannot name an operator. */
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

const OPERATORS = new Set(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'contains']);

/** Matches no document: every document has an `_id`, none has it in an empty list. */
const MATCH_NOTHING: MongoFilter = { _id: { $in: [] } };

export function toMongoPath(field: string): string {
  if (!FIELD_PATH.test(field)) throw new Error(`Invalid field name "${field}"`);
  return field === 'id' ? '_id' : field;
}

export function toMongoFilter(where: Where | undefined, ctx: FilterContext): MongoFilter {
  if (!where) return {};
  const fields: MongoFilter = {};
  const parts: MongoFilter[] = [];
  for (const [field, condition] of Object.entries(where)) {
    if (condition === undefined) continue;
    if (field === 'or') {
      parts.push(orClause(condition, ctx));
      continue;
    }
    if (Array.isArray(condition)) throw new Error(`Field "${field}" holds a list; only "or" takes alternatives`);
    fields[toMongoPath(field)] = fieldClause(field, condition, ctx);
  }
  const all = Object.keys(fields).length > 0 ? [fields, ...parts] : parts;
  if (all.length === 0) return {};
  if (all.length === 1) return all[0]!;
  return { $and: all };
}

function orClause(alternatives: unknown, ctx: FilterContext): MongoFilter {
  if (!Array.isArray(alternatives)) throw new Error('"or" must be a list of conditions');
  // Mongo rejects an empty $or; an OR of no alternatives is false, as in SQL.
  if (alternatives.length === 0) return MATCH_NOTHING;
  return { $or: alternatives.map((alternative: Where) => toMongoFilter(alternative, ctx)) };
}

function fieldClause(field: string, condition: FieldCondition, ctx: FilterContext): unknown {
  if (isScalar(condition)) return { $eq: condition };
  if (typeof condition !== 'object') throw new Error(`Unsupported condition on "${field}"`);
  const clause: Record<string, unknown> = {};
  for (const [op, value] of Object.entries(condition)) {
    if (value === undefined) continue;
    if (!OPERATORS.has(op)) throw new Error(`Unsupported operator "${op}" on "${field}"`);
    switch (op) {
      case 'eq':
      case 'ne':
        clause[`$${op}`] = scalar(field, op, value);
        break;
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte':
        clause[`$${op}`] = comparable(field, op, value);
        break;
      case 'in':
        if (!Array.isArray(value)) throw new Error(`"in" on "${field}" needs a list`);
        clause.$in = value.map((item) => scalar(field, op, item));
        break;
      case 'contains':
        if (!ctx.containsFields.has(field)) {
          throw new Error(`"contains" is not declared for ${ctx.collection}.${field}`);
        }
        if (typeof value !== 'string') throw new Error(`"contains" on "${field}" needs a string`);
        clause.$regex = escapeRegex(value);
        clause.$options = 'i';
        break;
    }
  }
  return clause;
}

export function toMongoSort(sort: FindArgs['sort']): MongoSort {
  const spec: MongoSort = (sort ?? []).map(({ field, direction }) => [
    toMongoPath(field),
    direction === 'desc' ? -1 : 1,
  ]);
  // The port promises `id asc` as the final tie-breaker so pages never shuffle between equal keys.
  if (!spec.some(([path]) => path === '_id')) spec.push(['_id', 1]);
  return spec;
}

/** Makes user text literal inside a regular expression (used for case-insensitive `contains`). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

function isScalar(value: unknown): value is Scalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function scalar(field: string, op: string, value: unknown): Scalar {
  if (!isScalar(value)) throw new Error(`"${op}" on "${field}" needs a string, number, boolean or null`);
  return value;
}

function comparable(field: string, op: string, value: unknown): string | number {
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new Error(`"${op}" on "${field}" needs a string or a number`);
  }
  return value;
}
