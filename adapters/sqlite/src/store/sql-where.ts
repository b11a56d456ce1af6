/**
 * Compiles the port's `Where` / sort into SQL over a collection table. Pure (no database), so its rules
 * (MongoDB-like null and `ne` semantics, range type brackets, contains only on declared fields) are
 * unit-tested on their own.
 */
import type { FieldCondition, FindArgs, Scalar, Where } from '@evently/platform';
import { fieldExpression, fieldTypeGuard } from './sql-fields.ts';

export type SqlValue = string | number | null;

export interface CompiledSql {
  sql: string;
  params: SqlValue[];
}

interface CompileContext {
  collection: string;
  containsFields: ReadonlySet<string>;
}

const operators = new Set(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'contains']);

/** better-sqlite3 binds no booleans; JSON true/false come out of json_extract as 1/0. */
function bindable(value: Scalar): SqlValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  throw new Error(`unsupported filter value ${JSON.stringify(value)}`);
}

function isScalar(value: unknown): value is Scalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function compileCondition(
  field: string,
  condition: FieldCondition,
  context: CompileContext,
  params: SqlValue[],
): string[] {
  const expression = fieldExpression(field);
  if (isScalar(condition)) return compileCondition(field, { eq: condition }, context, params);
  const parts: string[] = [];
  for (const [operator, operand] of Object.entries(condition)) {
    if (operand === undefined) continue;
    if (!operators.has(operator)) throw new Error(`${context.collection}.${field}: unknown operator "${operator}"`);
    switch (operator) {
      case 'eq':
        if (operand === null) {
          parts.push(`${expression} IS NULL`);
        } else {
          parts.push(`${expression} = ?`);
          params.push(bindable(operand as Scalar));
        }
        break;
      case 'ne':
        // Like MongoDB's $ne, a missing field counts as "not equal".
        if (operand === null) {
          parts.push(`${expression} IS NOT NULL`);
        } else {
          parts.push(`(${expression} IS NULL OR ${expression} <> ?)`);
          params.push(bindable(operand as Scalar));
        }
        break;
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        if (typeof operand !== 'string' && typeof operand !== 'number') {
          throw new Error(`${context.collection}.${field}: ${operator} needs a string or a number`);
        }
        const sign = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[operator];
        const guard = fieldTypeGuard(field, operand);
        parts.push(guard ? `(${guard} AND ${expression} ${sign} ?)` : `${expression} ${sign} ?`);
        params.push(operand);
        break;
      }
      case 'in': {
        if (!Array.isArray(operand)) throw new Error(`${context.collection}.${field}: in needs an array`);
        const values = operand.filter((value) => value !== null);
        const alternatives: string[] = [];
        if (values.length > 0) {
          alternatives.push(`${expression} IN (${values.map(() => '?').join(', ')})`);
          params.push(...values.map(bindable));
        }
        if (values.length < operand.length) alternatives.push(`${expression} IS NULL`);
        parts.push(alternatives.length === 0 ? '0' : `(${alternatives.join(' OR ')})`);
        break;
      }
      case 'contains':
        if (typeof operand !== 'string') throw new Error(`${context.collection}.${field}: contains needs a string`);
        if (!context.containsFields.has(field)) {
          throw new Error(`${context.collection}.${field} is not declared in containsFields`);
        }
        parts.push(`evently_contains(${expression}, ?)`);
        params.push(operand);
        break;
    }
  }
  return parts;
}

function compileWhereInto(where: Where, context: CompileContext, params: SqlValue[]): string {
  const parts: string[] = [];
  for (const [field, condition] of Object.entries(where)) {
    if (condition === undefined) continue;
    if (field === 'or') {
      if (!Array.isArray(condition)) throw new Error(`${context.collection}: or needs an array of conditions`);
      if (condition.length === 0) {
        parts.push('0');
        continue;
      }
      parts.push(`(${condition.map((alternative) => compileWhereInto(alternative, context, params)).join(' OR ')})`);
      continue;
    }
    if (Array.isArray(condition))
      throw new Error(`${context.collection}.${field}: an array is only allowed under "or"`);
    parts.push(...compileCondition(field, condition, context, params));
  }
  return parts.length === 0 ? '1' : parts.map((part) => `(${part})`).join(' AND ');
}

export function compileWhere(where: Where | undefined, context: CompileContext): CompiledSql {
  const params: SqlValue[] = [];
  const sql = where ? compileWhereInto(where, context, params) : '1';
  return { sql, params };
}

export function compileOrderBy(sort: FindArgs['sort']): string {
  const terms = (sort ?? []).map(({ field, direction }) => {
    if (direction !== 'asc' && direction !== 'desc') throw new Error(`invalid sort direction "${String(direction)}"`);
    return `${fieldExpression(field)} ${direction.toUpperCase()}`;
  });
  if (!(sort ?? []).some(({ field }) => field === 'id')) terms.push('id ASC');
  return terms.join(', ');
}

export function compileLimit(skip: number | undefined, limit: number | undefined): CompiledSql {
  for (const [name, value] of [
    ['skip', skip],
    ['limit', limit],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 0))
      throw new Error(`${name} must be a non-negative integer`);
  }
  if (limit === undefined && !skip) return { sql: '', params: [] };
  return { sql: ' LIMIT ? OFFSET ?', params: [limit ?? -1, skip ?? 0] };
}
