/**
 * The composition root's engine choices: one adapter package per port, picked from the config (the embedded
 * SQLite engine of `@evently/sqlite` unless the port's production variable is set). Each port switches on its
 * own, so a team can move search to Elasticsearch before the store moves to MongoDB.
 *
 * Embedded files under DATA_DIR: `evently.db` holds documents and the outbox, which is also the event log
 * when the bus is embedded too (sharing one connection makes "write + outbox" and "append to the log" the
 * same transaction); `search.db` holds the search projection, which can always be rebuilt from the log. They,
 * and the mail folder when mail is written to files, are checked before anything opens them (storage-check.ts).
 */
import path from 'node:path';
import type { Logger } from 'pino';
import { createElasticsearchSearchIndex } from '@evently/elasticsearch';
import { createKafkaEventBus } from '@evently/kafka';
import { createMailer } from '@evently/mail';
import { createMongoDocumentStore } from '@evently/mongodb';
import { createSqliteDocumentStore, createSqliteEventBus, createSqliteSearchIndex } from '@evently/sqlite';
import type { DocumentStore, EventBus, OpenMailer, SearchIndex } from '@evently/platform';
import type { Config } from './config.ts';
import { checkStorage, openFailure } from './storage-check.ts';

export interface Adapters {
  store: DocumentStore;
  bus: EventBus;
  search: SearchIndex;
  /** Mail goes through nodemailer in both profiles: over SMTP with `SMTP_URL`, else into `.eml` files. */
  openMailer: OpenMailer;
}

export const EMBEDDED_FILES = { store: 'evently.db', bus: 'event-log.db', search: 'search.db' } as const;

/** Roles that send mail: the worker's mail consumers, and the api's admin calls that mail at once. */
const MAILING_ROLES = new Set(['all', 'api', 'worker']);
/**
 * Roles that answer HTTP on the thread that writes the embedded files: a WAL checkpoint on commit would stall
 * the requests queued behind it, so a worker thread checkpoints instead (wal-checkpointer.ts). The other roles
 * serve nothing and checkpoint on commit, as SQLite does by default.
 */
const SERVING_ROLES = new Set(['all', 'api']);

/** Opens an embedded file, naming it in the error when the engine cannot (SQLite's messages name no path). */
async function opening<T>(file: string, open: () => T | Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    throw openFailure(file, error);
  }
}

export async function createAdapters(config: Config, role: string, logger: Logger): Promise<Adapters> {
  const file = (name: string) => path.join(config.dataDir, name);
  const checkpoints = SERVING_ROLES.has(role)
    ? {
        backgroundCheckpoints: {
          onFailure: (error: Error) =>
            logger.warn({ err: error }, 'WAL checkpoint thread failed; the writers checkpoint on commit again'),
        },
      }
    : {};
  const embedded = {
    store: config.profile.store === 'sqlite',
    bus: config.profile.bus === 'sqlite',
    search: config.profile.search === 'sqlite',
  };
  await checkStorage({
    dataDir: config.dataDir,
    databases: [
      ...(embedded.store ? [EMBEDDED_FILES.store] : []),
      ...(embedded.bus && !embedded.store ? [EMBEDDED_FILES.bus] : []),
      ...(embedded.search ? [EMBEDDED_FILES.search] : []),
    ],
    mailFiles: !config.smtpUrl && MAILING_ROLES.has(role),
  });

  const store =
    config.profile.store === 'mongodb' && config.mongodbUri
      ? createMongoDocumentStore({ uri: config.mongodbUri, logger: logger.child({ component: 'mongo-store' }) })
      : await opening(file(EMBEDDED_FILES.store), () =>
          createSqliteDocumentStore({
            file: file(EMBEDDED_FILES.store),
            ...checkpoints,
          }),
        );

  let bus: EventBus;
  // A failing consumer position is tried again after 200 ms, doubling up to the configured cap.
  const retry = { initialMs: Math.min(200, config.consumerRetryMaxMs), maxMs: config.consumerRetryMaxMs };
  if (config.profile.bus === 'kafka' && config.kafkaBrokers) {
    bus = createKafkaEventBus({
      brokers: config.kafkaBrokers,
      clientId: `${config.appName.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}-${role}`,
      logger: logger.child({ component: 'kafka' }),
      backoff: retry,
    });
  } else {
    const logTiming = {
      retryDelayMs: retry.initialMs,
      maxRetryDelayMs: retry.maxMs,
      logger: logger.child({ component: 'event-log' }),
    };
    // Production store with an embedded bus: the relay copies the Mongo outbox into a local log file.
    bus =
      store.engine === 'sqlite'
        ? await createSqliteEventBus({ store, ...logTiming })
        : await opening(file(EMBEDDED_FILES.bus), () =>
            createSqliteEventBus({ file: file(EMBEDDED_FILES.bus), ...logTiming }),
          );
  }

  const search =
    config.profile.search === 'elasticsearch' && config.elasticsearchUrl
      ? createElasticsearchSearchIndex({ node: config.elasticsearchUrl })
      : await opening(file(EMBEDDED_FILES.search), () =>
          createSqliteSearchIndex({
            file: file(EMBEDDED_FILES.search),
            readerThreads: config.searchReaderThreads,
            logger: logger.child({ component: 'search-index' }),
            ...checkpoints,
          }),
        );

  logger.info(
    { store: store.engine, bus: bus.engine, search: search.engine, dataDir: config.dataDir },
    'adapters selected',
  );
  return { store, bus, search, openMailer: createMailer };
}
