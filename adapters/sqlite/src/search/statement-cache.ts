/**
 * Prepared statements per connection, keyed by their SQL. Queries are built per request but repeat their
 * shape, so compiling each once saves most of the planning cost; the bound keeps table-versioned SQL of
 * dropped index copies from piling up.
 */
import type Database from 'better-sqlite3';

const STATEMENT_CACHE_SIZE = 500;

export interface StatementCache {
  prepared(sql: string): Database.Statement;
  clear(): void;
}

export function createStatementCache(db: Database.Database): StatementCache {
  const statements = new Map<string, Database.Statement>();
  return {
    prepared(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    clear() {
      statements.clear();
    },
  };
}
