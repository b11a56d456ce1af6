/** The rebuild-beside-live case on the embedded engines: the SQLite log and the SQLite search index. */
import { join } from 'node:path';
import { describe } from 'vitest';
import { createSqliteEventBus, createSqliteSearchIndex } from '@evently/sqlite';
import { createTempDataDir, testRebuildBesideLive } from '@evently/platform/testing';

describe('rebuild beside the live projector, embedded engines', () => {
  testRebuildBesideLive(async () => {
    const temp = await createTempDataDir('evently-rebuild-');
    const bus = await createSqliteEventBus({ file: join(temp.dir, 'log.db') });
    const search = createSqliteSearchIndex({ file: join(temp.dir, 'search.db') });
    return {
      bus,
      search,
      close: async () => {
        await bus.close();
        await search.close();
        await temp.remove();
      },
    };
  }, 'evently.things');
});
