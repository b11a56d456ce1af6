/**
 * Child process of `embedded-start.int.spec.ts`: opens the embedded store, log and search index on a data
 * folder the way a process role does at start (migrations, collection tables, search tables). It loads its
 * code, prints `loaded`, and starts the setup when a line arrives on stdin, so that the test starts several
 * children's setup at once. Prints `ready` with the indexes it created, and exits 0.
 *
 * Usage: node --import tsx embedded-start.child.ts <dataDir>
 */
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createSqliteEventBus } from './log/sqlite-event-bus.ts';
import { contractSchema } from '@evently/platform/testing';
import { createSqliteSearchIndex } from './search/sqlite-search-index.ts';
import { createSqliteDocumentStore } from './store/sqlite-document-store.ts';

const [dataDir = ''] = process.argv.slice(2);
const lines = createInterface({ input: process.stdin });
process.stdout.write('loaded\n');
await once(lines, 'line');
lines.close();

const store = await createSqliteDocumentStore({ file: path.join(dataDir, 'evently.db') });
await store.init([{ name: 'things', unique: [['slug']], indexes: [['city', 'startsAt']] }, { name: 'others' }]);
const bus = await createSqliteEventBus({ store });
const search = createSqliteSearchIndex({ file: path.join(dataDir, 'search.db'), readerThreads: 0 });
const created: string[] = [];
for (const name of ['events', 'posts', 'tickets'])
  if ((await search.init(contractSchema(name))).created) created.push(name);
process.stdout.write(`ready ${JSON.stringify(created)}\n`);
await search.close();
await bus.close();
await store.close();
