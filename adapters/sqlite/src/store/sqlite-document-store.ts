/**
 * DocumentStore on the embedded engine: one table of JSON documents per collection, expression indexes for
 * declared indexes and unique constraints, optimistic concurrency on the `version` column, counters and the
 * outbox in the same file, so a write and its outbox record share one SQLite transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  type OutboxRecord,
  type Clock,
  systemClock,
  ConcurrencyError,
  UniqueConstraintError,
  type CollectionSpec,
  type DocumentBody,
  type DocumentReader,
  type DocumentStore,
  type DocumentTransaction,
  type FindArgs,
  type Stored,
  type Where,
} from '@evently/platform';
import { createTableSql, indexDefinitions, indexPrefix } from './collection-schema.ts';
import { assertFieldName, isMetaField, tableName } from './sql-fields.ts';
import { compileLimit, compileOrderBy, compileWhere } from './sql-where.ts';
import { SqliteEngine, registerEngine } from './sqlite-engine.ts';
import { appendToOutbox, createSqliteOutbox } from './sqlite-outbox.ts';
import type { WalCheckpointerOptions } from './wal-checkpointer.ts';

export interface SqliteDocumentStoreOptions {
  /** Path of the SQLite file, e.g. `${DATA_DIR}/evently.db`; created with its folder when missing. */
  file: string;
  clock?: Clock;
  /** Checkpoints by a worker thread, never on the writer's commits (wal-checkpointer.ts): for processes serving requests. */
  backgroundCheckpoints?: WalCheckpointerOptions;
}

interface Row {
  id: string;
  version: number;
  created_at: string;
  updated_at: string;
  body: string;
}

interface CollectionInfo {
  table: string;
  containsFields: Set<string>;
  /** Unique index name -> the fields it covers, to explain a UNIQUE failure. */
  uniqueIndexes: Map<string, string[]>;
}

const counterSql = `INSERT INTO counters (name, value) VALUES (?, 1)
  ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value`;
const counterRangeSql = `INSERT INTO counters (name, value) VALUES (?, ?)
  ON CONFLICT (name) DO UPDATE SET value = value + excluded.value RETURNING value`;

function assertRangeCount(count: number): void {
  if (!Number.isSafeInteger(count) || count < 1)
    throw new Error(`a counter range needs a whole count >= 1, got ${count}`);
}

function toStored<T>(row: Row): Stored<T> {
  return {
    ...(JSON.parse(row.body) as T),
    id: row.id,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The body as stored: metadata lives in columns, never twice; a top-level undefined is left out, as JSON does. */
function storedBody(body: object): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...body };
  for (const key of Object.keys(copy)) if (isMetaField(key) || copy[key] === undefined) delete copy[key];
  return copy;
}

const bodyJson = (body: object): string => JSON.stringify(storedBody(body));

export async function createSqliteDocumentStore(options: SqliteDocumentStoreOptions): Promise<DocumentStore> {
  const engine = new SqliteEngine(
    options.file,
    options.backgroundCheckpoints ? { backgroundCheckpoints: options.backgroundCheckpoints } : {},
  );
  const clock = options.clock ?? systemClock;
  const collections = new Map<string, CollectionInfo>();
  const outbox = createSqliteOutbox(engine);
  /**
   * Marks the async context of a transaction, to refuse a nested one instead of deadlocking. It holds the
   * transaction's state because work started inside a callback keeps the context after the commit.
   */
  const insideTransaction = new AsyncLocalStorage<{ open: boolean }>();

  const collection = (name: string): CollectionInfo => {
    const info = collections.get(name);
    if (!info) throw new Error(`collection "${name}" is not initialised; declare it in DocumentStore.init`);
    return info;
  };

  const translateWriteError = (error: unknown, name: string): unknown => {
    const code = (error as { code?: string }).code;
    const message = (error as Error).message ?? '';
    if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return new UniqueConstraintError(name, ['id']);
    if (code === 'SQLITE_CONSTRAINT_UNIQUE') {
      const indexName = /index '([^']+)'/.exec(message)?.[1];
      const fields = (indexName ? collection(name).uniqueIndexes.get(indexName) : undefined) ?? ['id'];
      return new UniqueConstraintError(name, fields);
    }
    return error;
  };

  const reader = (db: Database.Database): DocumentReader => {
    const find = async <T>(name: string, args: FindArgs = {}): Promise<Array<Stored<T>>> => {
      const info = collection(name);
      const where = compileWhere(args.where, { collection: name, containsFields: info.containsFields });
      const page = compileLimit(args.skip, args.limit);
      const sql = `SELECT id, version, created_at, updated_at, body FROM ${info.table} WHERE ${where.sql} ORDER BY ${compileOrderBy(args.sort)}${page.sql}`;
      const rows = engine.statement(db, sql).all(...where.params, ...page.params) as Row[];
      return rows.map((row) => toStored<T>(row));
    };
    return {
      async get<T>(name: string, id: string) {
        const info = collection(name);
        const row = engine
          .statement(db, `SELECT id, version, created_at, updated_at, body FROM ${info.table} WHERE id = ?`)
          .get(id) as Row | undefined;
        return row ? toStored<T>(row) : null;
      },
      async findOne<T>(name: string, where: Where) {
        const [first] = await find<T>(name, { where, limit: 1 });
        return first ?? null;
      },
      find,
      async count(name: string, where?: Where) {
        const info = collection(name);
        const compiled = compileWhere(where, { collection: name, containsFields: info.containsFields });
        const row = engine
          .statement(db, `SELECT COUNT(*) AS n FROM ${info.table} WHERE ${compiled.sql}`)
          .get(...compiled.params) as { n: number };
        return row.n;
      },
    };
  };

  const openTransaction = (state: { open: boolean; appended: boolean }): DocumentTransaction => {
    const db = engine.writer;
    const reads = reader(db);
    const guard = () => {
      if (!state.open) throw new Error('this transaction has already finished; use the store or a new transaction');
    };
    const guarded =
      <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        guard();
        return fn(...args);
      };
    return {
      get: guarded(reads.get) as DocumentReader['get'],
      findOne: guarded(reads.findOne) as DocumentReader['findOne'],
      find: guarded(reads.find) as DocumentReader['find'],
      count: guarded(reads.count),
      async insert<T>(name: string, body: DocumentBody<T> & { id?: string }): Promise<Stored<T>> {
        guard();
        const info = collection(name);
        const id = body.id ?? randomUUID();
        const now = clock.now().toISOString();
        const stored = storedBody(body);
        try {
          engine
            .statement(
              db,
              `INSERT INTO ${info.table} (id, version, created_at, updated_at, body) VALUES (?, 1, ?, ?, ?)`,
            )
            .run(id, now, now, JSON.stringify(stored));
        } catch (error) {
          throw translateWriteError(error, name);
        }
        // The body as given rather than its JSON parsed back (a third of an insert's CPU in bulk loads),
        // like the MongoDB adapter: same fields, nested values not copied.
        return { ...stored, id, version: 1, created_at: now, updated_at: now } as Stored<T>;
      },
      async update<T>(
        name: string,
        id: string,
        expectedVersion: number,
        patch: Partial<DocumentBody<T>>,
      ): Promise<Stored<T>> {
        guard();
        const info = collection(name);
        const row = engine
          .statement(db, `SELECT id, version, created_at, updated_at, body FROM ${info.table} WHERE id = ?`)
          .get(id) as Row | undefined;
        if (!row || row.version !== expectedVersion) throw new ConcurrencyError(name, id, expectedVersion);
        const merged: Record<string, unknown> = { ...(JSON.parse(row.body) as object) };
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined) delete merged[key];
          else merged[key] = value;
        }
        const json = bodyJson(merged);
        const now = clock.now().toISOString();
        try {
          engine
            .statement(
              db,
              `UPDATE ${info.table} SET body = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ?`,
            )
            .run(json, now, id, expectedVersion);
        } catch (error) {
          throw translateWriteError(error, name);
        }
        return toStored<T>({
          id,
          version: expectedVersion + 1,
          created_at: row.created_at,
          updated_at: now,
          body: json,
        });
      },
      async delete(name: string, id: string, expectedVersion?: number): Promise<boolean> {
        guard();
        const info = collection(name);
        if (expectedVersion === undefined) {
          return engine.statement(db, `DELETE FROM ${info.table} WHERE id = ?`).run(id).changes > 0;
        }
        const removed =
          engine.statement(db, `DELETE FROM ${info.table} WHERE id = ? AND version = ?`).run(id, expectedVersion)
            .changes > 0;
        if (removed) return true;
        const exists = engine.statement(db, `SELECT 1 FROM ${info.table} WHERE id = ?`).get(id) !== undefined;
        if (exists) throw new ConcurrencyError(name, id, expectedVersion);
        return false;
      },
      async nextCounter(name: string): Promise<number> {
        guard();
        return (engine.statement(db, counterSql).get(name) as { value: number }).value;
      },
      async nextCounterRange(name: string, count: number): Promise<number> {
        guard();
        assertRangeCount(count);
        const last = (engine.statement(db, counterRangeSql).get(name, count) as { value: number }).value;
        return last - count + 1;
      },
      async appendOutbox(records: OutboxRecord[]): Promise<void> {
        guard();
        if (records.length === 0) return;
        appendToOutbox(engine, records, clock.now().toISOString());
        state.appended = true;
      },
    };
  };

  const assertNotNested = () => {
    if (insideTransaction.getStore()?.open) {
      throw new Error('nested store call inside a transaction: use the transaction object (tx), not the store');
    }
  };

  const readOutside = reader(engine.reader);

  const store: DocumentStore = {
    engine: 'sqlite',
    outbox,
    ...readOutside,
    async init(specs: CollectionSpec[]): Promise<void> {
      assertNotNested();
      await engine.write(() => {
        for (const spec of specs) {
          const table = tableName(spec.name);
          engine.writer.exec(createTableSql(spec.name));
          const definitions = indexDefinitions(spec);
          const declared = new Set(definitions.map((definition) => definition.name));
          const existing = engine.writer
            .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND substr(name, 1, ?) = ?`)
            .all(`doc_${spec.name}`, indexPrefix(spec.name).length, indexPrefix(spec.name)) as Array<{ name: string }>;
          // An index the spec no longer declares would keep enforcing an old unique rule.
          for (const { name } of existing) if (!declared.has(name)) engine.writer.exec(`DROP INDEX "${name}"`);
          for (const definition of definitions) engine.writer.exec(definition.sql);
          for (const field of spec.containsFields ?? []) assertFieldName(field);
          collections.set(spec.name, {
            table,
            containsFields: new Set(spec.containsFields ?? []),
            uniqueIndexes: new Map(definitions.filter((d) => d.unique).map((d) => [d.name, d.fields])),
          });
        }
      });
    },
    async transaction<R>(work: (tx: DocumentTransaction) => Promise<R>): Promise<R> {
      assertNotNested();
      const release = await engine.writeLock.acquire();
      const state = { open: true, appended: false };
      try {
        await engine.beginImmediate();
        let result: R;
        try {
          result = await insideTransaction.run(state, () => work(openTransaction(state)));
          engine.writer.exec('COMMIT');
        } catch (error) {
          if (engine.writer.inTransaction) engine.writer.exec('ROLLBACK');
          throw error;
        } finally {
          state.open = false;
        }
        if (state.appended) engine.notifyCommit();
        return result;
      } finally {
        release();
      }
    },
    async nextCounter(name: string): Promise<number> {
      assertNotNested();
      return engine.write(() => (engine.statement(engine.writer, counterSql).get(name) as { value: number }).value);
    },
    async ping(): Promise<void> {
      engine.assertOpen();
      engine.statement(engine.reader, 'SELECT 1').get();
    },
    async close(): Promise<void> {
      // Waits for a transaction in flight so closing never cuts one in half.
      const release = await engine.writeLock.acquire();
      try {
        engine.close();
      } finally {
        release();
      }
      await engine.stopped();
    },
  };
  registerEngine(store, engine);
  return store;
}
