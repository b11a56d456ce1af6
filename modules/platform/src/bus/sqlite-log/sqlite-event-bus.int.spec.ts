import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testEventBus } from '../event-bus.contract.ts';
import { createSqliteDocumentStore } from '../../store/sqlite/sqlite-document-store.ts';
import { createTempDataDir } from '../../testing/temp-dir.ts';
import type { EventBus } from '../event-bus.port.ts';
import { createSqliteEventBus } from './sqlite-event-bus.ts';

const fastRetries = { retryDelayMs: 5, maxRetryDelayMs: 20 };

testEventBus(async () => {
  const temp = await createTempDataDir();
  const file = join(temp.dir, 'log.db');
  const opened: EventBus[] = [];
  const open = async () => {
    const bus = await createSqliteEventBus({ file, ...fastRetries });
    opened.push(bus);
    return bus;
  };
  return {
    bus: await open(),
    reopen: open,
    cleanup: async () => {
      for (const bus of opened) await bus.close();
      await temp.remove();
    },
  };
}, 'sqlite standalone log');

testEventBus(async () => {
  const temp = await createTempDataDir();
  const file = join(temp.dir, 'evently.db');
  const closers: Array<() => Promise<void>> = [];
  const open = async () => {
    const store = await createSqliteDocumentStore({ file });
    const bus = await createSqliteEventBus({ store, ...fastRetries });
    closers.push(() => bus.close(), () => store.close());
    return bus;
  };
  return {
    bus: await open(),
    reopen: open,
    cleanup: async () => {
      for (const close of closers) await close();
      await temp.remove();
    },
  };
}, 'sqlite log sharing the store connection');
