/**
 * DDL for one collection: a table of JSON documents plus expression indexes for the declared secondary
 * indexes and unique constraints. Index names encode their kind and fields, so `init` can drop indexes a
 * spec no longer declares and map a UNIQUE failure back to the fields that collided.
 */
import type { CollectionSpec } from '@evently/platform';
import { fieldExpression, tableName } from './sql-fields.ts';

export interface IndexDefinition {
  name: string;
  unique: boolean;
  fields: string[];
  sql: string;
}

/** A rowid table (not WITHOUT ROWID): documents carry descriptions of several KB, too big for a clustered key. */
export function createTableSql(collection: string): string {
  return `CREATE TABLE IF NOT EXISTS ${tableName(collection)} (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    body TEXT NOT NULL
  )`;
}

export function indexPrefix(collection: string): string {
  return `ix_${collection}__`;
}

export function indexDefinitions(spec: CollectionSpec): IndexDefinition[] {
  const build = (fields: string[], unique: boolean): IndexDefinition => {
    if (fields.length === 0) throw new Error(`${spec.name}: an index needs at least one field`);
    const name = `${indexPrefix(spec.name)}${unique ? 'u' : 'i'}__${fields.join('__')}`;
    const expressions = fields.map(fieldExpression).join(', ');
    return {
      name,
      unique,
      fields,
      sql: `CREATE ${unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${name}" ON ${tableName(spec.name)} (${expressions})`,
    };
  };
  return [
    ...(spec.unique ?? []).map((fields) => build(fields, true)),
    ...(spec.indexes ?? []).map((fields) => build(fields, false)),
  ];
}
