/**
 * DocumentStore on MongoDB (production profile). One collection per CollectionSpec, documents keyed by our
 * string id in `_id`, optimistic concurrency on a `version` field, unique constraints as partial unique
 * indexes, counters and the outbox in their own collections.
 *
 * `transaction` uses `session.withTransaction`, so it needs a replica set (a single-node one is enough;
 * see docker-compose.yml). The driver retries the whole callback on `TransientTransactionError` (a write
 * conflict, a primary election), which is why the port asks callbacks to be re-runnable.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Connection, mongo } from 'mongoose';
import pino, { type Logger } from 'pino';
import {
  envelopeSchema,
  type OutboxRecord,
  systemClock,
  type Clock,
  ConcurrencyError,
  type CollectionSpec,
  type DocumentReader,
  type DocumentStore,
  type DocumentTransaction,
  type FindArgs,
  type Stored,
  type Where,
} from '@evently/platform';
import { incrementCounter, type CounterDocument } from './mongo-counters.ts';
import { fromMongoDocument, newMongoDocument, patchToUpdate } from './mongo-documents.ts';
import { translateDuplicateKey } from './mongo-errors.ts';
import { toMongoFilter, toMongoSort, type FilterContext } from './mongo-filter.ts';
import {
  COUNTERS_COLLECTION,
  OUTBOX_COLLECTION,
  collectionIndexes,
  outboxIndexes,
  type MongoIndexSpec,
} from './mongo-indexes.ts';
import { createMongoOutbox, type OutboxDocument } from './mongo-outbox.ts';

export interface MongoDocumentStoreOptions {
  /** A replica-set URI, e.g. `mongodb://mongo:27017/evently?replicaSet=rs0`. */
  uri: string;
  /** Database name when the URI names none (default `evently`). */
  dbName?: string;
  logger?: Logger;
  clock?: Clock;
}

/** Bodies are free-form JSON: the driver's open `Document` type, with our string key. */
interface MongoRow extends mongo.Document {
  _id: string;
}

/** Server error code when a collection already exists (two processes ran `init` at once). */
const NAMESPACE_EXISTS = 48;
/** An index of that name or key pattern exists with other options (the spec changed since it was built). */
const INDEX_CONFLICTS = new Set([85, 86]);
/** Prefixes of the indexes this store manages; anything else on a collection is left alone. */
const MANAGED_INDEX = /^(idx|uniq|ttl)_/;

const TRANSACTION_OPTIONS: mongo.TransactionOptions = {
  readConcern: { level: 'snapshot' },
  writeConcern: { w: 'majority' },
  readPreference: 'primary',
};

export function createMongoDocumentStore(options: MongoDocumentStoreOptions): DocumentStore {
  const logger = options.logger ?? pino({ name: 'mongo-document-store' });
  const clock = options.clock ?? systemClock;
  const specs = new Map<string, FilterContext>();
  const insideTransaction = new AsyncLocalStorage<true>();
  let connecting: Promise<Connection> | null = null;
  let closed = false;

  // Connect lazily and retry on the next call if the server was not reachable yet (start-up order).
  // mongoose itself is loaded on first use, so the embedded profile and its tests never pay for it.
  const connection = (): Promise<Connection> => {
    if (closed) return Promise.reject(new Error('The MongoDB document store is closed'));
    connecting ??= import('mongoose')
      .then(({ default: mongoose }) =>
        mongoose
          .createConnection(options.uri, {
            // JSON has no `undefined`; without this the driver would store such fields as null.
            ignoreUndefined: true,
            serverSelectionTimeoutMS: 10_000,
            ...(hasDatabaseInUri(options.uri) ? {} : { dbName: options.dbName ?? 'evently' }),
          })
          .asPromise(),
      )
      .catch((error: unknown) => {
        connecting = null;
        throw error;
      });
    return connecting;
  };

  const database = async (): Promise<mongo.Db> => {
    const db = (await connection()).db;
    if (!db) throw new Error('MongoDB connection has no database handle');
    return db;
  };

  const documents = async (name: string): Promise<mongo.Collection<MongoRow>> => {
    if (!specs.has(name)) throw new Error(`Collection "${name}" was not declared to init()`);
    return (await database()).collection<MongoRow>(name);
  };
  const counters = async () => (await database()).collection<CounterDocument>(COUNTERS_COLLECTION);
  const outboxCollection = async () => (await database()).collection<OutboxDocument>(OUTBOX_COLLECTION);

  const outbox = createMongoOutbox({ outbox: outboxCollection, logger });
  const now = () => clock.now().toISOString();

  const filterContext = (name: string): FilterContext => {
    const ctx = specs.get(name);
    if (!ctx) throw new Error(`Collection "${name}" was not declared to init()`);
    return ctx;
  };

  /** Reads, optionally bound to a transaction's session. */
  const reader = (session?: mongo.ClientSession): DocumentReader => {
    const withSession = session ? { session } : {};
    const find = async <T>(collection: string, args: FindArgs = {}): Promise<Array<Stored<T>>> => {
      if (args.limit === 0) return [];
      const cursor = (await documents(collection))
        .find(toMongoFilter(args.where, filterContext(collection)), withSession)
        .sort(toMongoSort(args.sort));
      if (args.skip) cursor.skip(args.skip);
      if (args.limit !== undefined) cursor.limit(args.limit);
      return (await cursor.toArray()).map((row) => fromMongoDocument<T>(row));
    };
    return {
      async get<T>(collection: string, id: string) {
        const row = await (await documents(collection)).findOne({ _id: id }, withSession);
        return row ? fromMongoDocument<T>(row) : null;
      },
      async findOne<T>(collection: string, where: Where) {
        const [first] = await find<T>(collection, { where, limit: 1 });
        return first ?? null;
      },
      find,
      async count(collection: string, where?: Where) {
        return (await documents(collection)).countDocuments(
          toMongoFilter(where, filterContext(collection)),
          withSession,
        );
      },
    };
  };

  /** One attempt of a unit of work; `withTransaction` builds a fresh one for each retry. */
  const unitOfWork = (session: mongo.ClientSession) => {
    const appendedSeqs: string[] = [];
    // A session runs one operation at a time; queueing keeps a callback that fires several operations at
    // once (Promise.all) from interleaving them on the wire.
    let queue: Promise<unknown> = Promise.resolve();
    const serial = <R>(operation: () => Promise<R>): Promise<R> => {
      const next = queue.then(operation);
      queue = next.catch(() => undefined);
      return next;
    };
    const reads = reader(session);
    const tx: DocumentTransaction = {
      get: (collection, id) => serial(() => reads.get(collection, id)),
      findOne: (collection, where) => serial(() => reads.findOne(collection, where)),
      find: (collection, args) => serial(() => reads.find(collection, args)),
      count: (collection, where) => serial(() => reads.count(collection, where)),

      insert: <T>(collection: string, body: Record<string, unknown> & { id?: string }) =>
        serial(async () => {
          const document = newMongoDocument(body, body.id ?? randomUUID(), now());
          const target = await documents(collection);
          await translateDuplicateKey(collection, () => target.insertOne(document, { session }));
          return fromMongoDocument<T>(document);
        }),

      update: <T>(collection: string, id: string, expectedVersion: number, patch: Record<string, unknown>) =>
        serial(async () => {
          const target = await documents(collection);
          // The version in the filter is the optimistic lock: no match means someone else wrote first.
          const after = await translateDuplicateKey(collection, () =>
            target.findOneAndUpdate({ _id: id, version: expectedVersion }, patchToUpdate(patch, now()), {
              session,
              returnDocument: 'after',
            }),
          );
          if (!after) throw new ConcurrencyError(collection, id, expectedVersion);
          return fromMongoDocument<T>(after);
        }),

      delete: (collection, id, expectedVersion) =>
        serial(async () => {
          const target = await documents(collection);
          const filter = expectedVersion === undefined ? { _id: id } : { _id: id, version: expectedVersion };
          const { deletedCount } = await target.deleteOne(filter, { session });
          if (deletedCount > 0) return true;
          if (expectedVersion !== undefined && (await target.countDocuments({ _id: id }, { session, limit: 1 })) > 0) {
            throw new ConcurrencyError(collection, id, expectedVersion);
          }
          return false;
        }),

      nextCounter: (name) => serial(async () => incrementCounter(await counters(), name, 1, session)),

      nextCounterRange: (name, count) =>
        serial(async () => {
          if (!Number.isSafeInteger(count) || count < 1)
            throw new Error(`a counter range needs a whole count >= 1, got ${count}`);
          // One $inc by the whole count: the last value taken comes back, the range ends there.
          return (await incrementCounter(await counters(), name, count, session)) - count + 1;
        }),

      appendOutbox: (records: OutboxRecord[]) =>
        serial(async () => {
          const valid = records.map((record) => envelopeSchema.parse(record) as OutboxRecord);
          appendedSeqs.push(...(await outbox.append(session, valid)));
        }),
    } as DocumentTransaction;
    return { tx, appendedSeqs };
  };

  const store: DocumentStore = {
    engine: 'mongodb',
    outbox,
    ...reader(),

    async init(collections: CollectionSpec[]) {
      const db = await database();
      const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
      const ensure = async (name: string, indexes: MongoIndexSpec[]) => {
        if (!existing.has(name)) {
          // Collections are created up front: creating one inside a multi-document transaction is allowed
          // only since 4.4 and fails if two transactions race to create it.
          await db.createCollection(name).catch((error: { code?: number }) => {
            if (error.code !== NAMESPACE_EXISTS) throw error;
          });
          existing.add(name);
        }
        await syncIndexes(db.collection(name), indexes);
      };
      await ensure(COUNTERS_COLLECTION, []);
      await ensure(OUTBOX_COLLECTION, outboxIndexes());
      for (const spec of collections) {
        if (spec.name === COUNTERS_COLLECTION || spec.name === OUTBOX_COLLECTION) {
          throw new Error(`Collection name "${spec.name}" is reserved by the MongoDB store`);
        }
        await ensure(spec.name, collectionIndexes(spec));
        specs.set(spec.name, { collection: spec.name, containsFields: new Set(spec.containsFields ?? []) });
      }
    },

    async transaction<R>(work: (tx: DocumentTransaction) => Promise<R>): Promise<R> {
      // A second session inside the first would wait on the first one's writes; refuse it plainly instead.
      if (insideTransaction.getStore())
        throw new Error('store.transaction cannot be nested; use the tx you were given');
      const client = (await connection()).getClient();
      const session = client.startSession();
      try {
        let committedOutbox = false;
        const result = await session.withTransaction(async () => {
          const attempt = unitOfWork(session);
          const value = await insideTransaction.run(true, () => work(attempt.tx));
          // The driver commits once this callback resolves; the seqs are registered first so the change
          // stream's copy of this commit, which can arrive before the commit reply, is not a second wake-up.
          outbox.expectLocalCommit(attempt.appendedSeqs);
          committedOutbox = attempt.appendedSeqs.length > 0;
          return value;
        }, TRANSACTION_OPTIONS);
        if (committedOutbox) outbox.notifyCommitted();
        return result;
      } finally {
        await session.endSession();
      }
    },

    async nextCounter(name: string) {
      return incrementCounter(await counters(), name, 1);
    },

    async ping() {
      await (await database()).admin().ping();
    },

    async close() {
      if (closed) return;
      closed = true;
      await outbox.close();
      const pending = connecting;
      connecting = null;
      const open = await pending?.catch(() => null);
      await open?.close();
    },
  };
  return store;
}

/**
 * Makes the collection's managed indexes match the spec, as the embedded store does: indexes the spec no
 * longer declares are dropped (an old unique rule must not keep rejecting writes), and one whose options
 * changed is rebuilt. Creating an identical index is a no-op, so a normal start-up changes nothing.
 */
async function syncIndexes(collection: mongo.Collection, wanted: MongoIndexSpec[]): Promise<void> {
  const names = new Set(wanted.map((index) => index.name));
  const existing = (await collection.listIndexes().toArray()) as Array<{ name?: string }>;
  for (const { name } of existing) {
    if (name && MANAGED_INDEX.test(name) && !names.has(name)) await collection.dropIndex(name);
  }
  for (const index of wanted) {
    try {
      await collection.createIndexes([index]);
    } catch (error) {
      if (!INDEX_CONFLICTS.has((error as { code?: number }).code ?? 0)) throw error;
      await collection.dropIndex(index.name);
      await collection.createIndexes([index]);
    }
  }
}

/** True when the URI's path names a database (`mongodb://host/evently?...`). */
export function hasDatabaseInUri(uri: string): boolean {
  const afterScheme = uri.replace(/^mongodb(\+srv)?:\/\//, '');
  const slash = afterScheme.indexOf('/');
  if (slash < 0) return false;
  const name = afterScheme.slice(slash + 1).split('?')[0] ?? '';
  return name.length > 0;
}
