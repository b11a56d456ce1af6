/**
 * Whether a document passes a DocumentStore filter, decided in memory with the port's semantics (the adapters'
 * shared contract suite): a bare null or `eq: null` matches a missing field, `ne` keeps missing fields, `in`
 * matches any listed value (null for a missing field), ranges compare numbers or ISO strings. The matcher's
 * candidate pool uses it to tell whether a record the batch has just written belongs to a lookup it keeps, so
 * the pool and a fresh read agree. `contains` is not supported: a filter using it throws.
 */
import type { FieldCondition, Scalar, Where } from '@evently/platform';

const valueOf = (document: object, field: string): Scalar => {
  const value = (document as Record<string, unknown>)[field];
  return value === undefined ? null : (value as Scalar);
};

/** `a` before `b` for two numbers or two strings; anything else is not ordered and fails a range. */
function ordered(a: Scalar, b: string | number): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

function conditionHolds(value: Scalar, condition: FieldCondition): boolean {
  if (condition === null || typeof condition !== 'object') return value === condition;
  for (const [operator, operand] of Object.entries(condition)) {
    if (operand === undefined) continue;
    switch (operator) {
      case 'eq':
        if (value !== operand) return false;
        break;
      case 'ne':
        if (value === operand) return false;
        break;
      case 'in':
        if (!(operand as Scalar[]).includes(value)) return false;
        break;
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        const order = ordered(value, operand as string | number);
        if (order === null) return false;
        if (
          operator === 'gt' ? order <= 0 : operator === 'gte' ? order < 0 : operator === 'lt' ? order >= 0 : order > 0
        )
          return false;
        break;
      }
      default:
        throw new Error(`whereHolds does not evaluate "${operator}"`);
    }
  }
  return true;
}

export function whereHolds(document: object, where: Where): boolean {
  for (const [field, condition] of Object.entries(where)) {
    if (condition === undefined) continue;
    if (field === 'or') {
      if (!(condition as Where[]).some((alternative) => whereHolds(document, alternative))) return false;
    } else if (!conditionHolds(valueOf(document, field), condition as FieldCondition)) return false;
  }
  return true;
}
