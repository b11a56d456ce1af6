/**
 * Test fixture process for `digest-batch-crash.int.spec.ts`: runs one digest batch against the SQLite file and
 * SMTP server named on the command line, with a fixed catalogue, so the test can SIGKILL it mid-batch.
 * Usage: tsx digest-batch-child.ts <sqlite file> <smtp url> <page size>
 */
import { pino } from 'pino';
import { createSqliteDocumentStore, createSqliteEventBus } from '@evently/sqlite';
import { systemClock } from '@evently/platform';
import { createSubscriptionsModule } from '../index.ts';
import { FIXED_CATALOGUE } from './digest-batch-fixtures.ts';
import { createMailer } from '@evently/mail';

const [file, smtpUrl, pageSize] = process.argv.slice(2);
if (!file || !smtpUrl || !pageSize)
  throw new Error('usage: digest-batch-child.ts <sqlite file> <smtp url> <page size>');

const logger = pino({ level: 'silent' });
const store = await createSqliteDocumentStore({ file });
const bus = await createSqliteEventBus({ store });
const module = createSubscriptionsModule(
  {
    store,
    bus,
    search: undefined as never,
    clock: systemClock,
    logger,
    requireAdmin: async () => {},
    publicUrl: 'http://evently.test',
    dataDir: '.',
    openMailer: createMailer,
  },
  { catalogue: FIXED_CATALOGUE, appName: 'Evently', smtpUrl, digestPageSize: Number(pageSize) },
);
await store.init(module.collections);
const result = await module.runDigestBatch();
process.stdout.write(`${JSON.stringify(result)}\n`);
await module.close?.();
await store.close();
