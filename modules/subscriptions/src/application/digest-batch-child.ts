/**
 * Test fixture process for `digest-batch-crash.int.spec.ts`: runs one digest batch against the SQLite file and
 * SMTP server named on the command line, with a fixed catalogue, so the test can SIGKILL it mid-batch.
<<<<<<< HEAD:modules/subscriptions/src/application/digest-batch.child.ts
 * Usage: tsx digest-batch-child.ts <sqlite file> <smtp url> <page size>
=======
 * Usage: tsx digest-batch-child.ts <sqlite file> <smtp url>
>>>>>>> 9690313 (The digest batch child keeps its name (digest-batch-child.ts): the boundary rules read a *-child.ts file as a spec's child process, like *.child.ts, so the file its owners are editing is not renamed under them):modules/subscriptions/src/application/digest-batch-child.ts
 */
import { pino } from 'pino';
import { createSqliteDocumentStore, createSqliteEventBus } from '@evently/sqlite';
import { systemClock } from '@evently/platform';
import { createSubscriptionsModule } from '../index.ts';
import { FIXED_CATALOGUE } from './digest-batch-fixtures.ts';
import { createMailer } from '@evently/mail';

<<<<<<< HEAD:modules/subscriptions/src/application/digest-batch.child.ts
const [file, smtpUrl, pageSize] = process.argv.slice(2);
if (!file || !smtpUrl || !pageSize)
  throw new Error('usage: digest-batch-child.ts <sqlite file> <smtp url> <page size>');
=======
const [file, smtpUrl] = process.argv.slice(2);
if (!file || !smtpUrl) throw new Error('usage: digest-batch-child.ts <sqlite file> <smtp url>');
>>>>>>> 9690313 (The digest batch child keeps its name (digest-batch-child.ts): the boundary rules read a *-child.ts file as a spec's child process, like *.child.ts, so the file its owners are editing is not renamed under them):modules/subscriptions/src/application/digest-batch-child.ts

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
