/**
 * How a document field name becomes SQL. Metadata lives in real columns; every other field is read from the
 * JSON body with `json_extract(body, '$.path')`. Expression indexes only serve a query whose expression is
 * written exactly the same way, so both the index DDL and the query compiler take it from here, and the path
 * is inlined (validated, never user text) rather than bound as a parameter.
 */
const metaColumns = new Set(['id', 'version', 'created_at', 'updated_at']);
const fieldPattern = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const collectionPattern = /^[A-Za-z][A-Za-z0-9_-]{0,62}$/;

export function isMetaField(field: string): boolean {
  return metaColumns.has(field);
}

export function assertFieldName(field: string): void {
  if (!fieldPattern.test(field)) throw new Error(`invalid field name "${field}"`);
}

export function fieldExpression(field: string): string {
  assertFieldName(field);
  return isMetaField(field) ? field : `json_extract(body, '$.${field}')`;
}

/** SQL type test for range conditions: like MongoDB, a number range never matches a string and vice versa. */
export function fieldTypeGuard(field: string, operand: string | number): string | null {
  if (isMetaField(field)) return null;
  return typeof operand === 'number'
    ? `json_type(body, '$.${field}') IN ('integer', 'real')`
    : `json_type(body, '$.${field}') = 'text'`;
}

export function tableName(collection: string): string {
  if (!collectionPattern.test(collection)) throw new Error(`invalid collection name "${collection}"`);
  return `"doc_${collection}"`;
}
