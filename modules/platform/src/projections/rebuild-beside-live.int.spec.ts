/** The rebuild-beside-live case on the embedded engines: the SQLite log and the SQLite search index. */
import { join } from 'node:path';
import { describe } from 'vitest';
import { createSqliteEventBus } from '../bus/sqlite-log/sqlite-event-bus.ts';
import { createSqliteSearchIndex } from '../search/sqlite-fts/sqlite-search-index.ts';
import { createTempDataDir } from '../testing/temp-dir.ts';
import { testRebuildBesideLive } from './rebuild-beside-live.contract.ts';

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
