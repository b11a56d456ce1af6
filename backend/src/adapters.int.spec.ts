/**
 * Each production variable switches only its own port. Nothing listens on the addresses used here: the
 * production clients connect lazily, so the choice is visible without an engine (and `ping` fails, which is
 * what /readyz reports).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '@evently/platform';
import { createAdapters, type Adapters } from './adapters.ts';
import { loadConfig } from './config.ts';

const opened: Adapters[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const { store, bus, search } of opened.splice(0)) {
    await Promise.allSettled([bus.close(), search.close()]);
    await store.close().catch(() => undefined);
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function adaptersFor(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evently-adapters-'));
  dirs.push(dataDir);
  const adapters = await createAdapters(
    loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'adapter-test-password', ...env }),
    'test',
    silentLogger(),
  );
  opened.push(adapters);
  return adapters;
}

const engines = async (env: Record<string, string>) => {
  const { store, bus, search } = await adaptersFor(env);
  return { store: store.engine, bus: bus.engine, search: search.engine };
};

describe('createAdapters', () => {
  it('uses the embedded engine for every port by default', async () => {
    expect(await engines({})).toEqual({ store: 'sqlite', bus: 'sqlite', search: 'sqlite' });
  });

  it('switches only search with ELASTICSEARCH_URL', async () => {
    expect(await engines({ ELASTICSEARCH_URL: 'http://127.0.0.1:9' })).toEqual({
      store: 'sqlite',
      bus: 'sqlite',
      search: 'elasticsearch',
    });
  });

  it('reports an unreachable production engine through ping, which /readyz turns into a 503', async () => {
    const { store, search } = await adaptersFor({ ELASTICSEARCH_URL: 'http://127.0.0.1:9' });
    await expect(search.ping()).rejects.toThrow();
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('switches only the bus with KAFKA_BROKERS', async () => {
    expect(await engines({ KAFKA_BROKERS: '127.0.0.1:9' })).toEqual({
      store: 'sqlite',
      bus: 'kafka',
      search: 'sqlite',
    });
  });

  it('switches only the store with MONGODB_URI, keeping an embedded log file for the bus', async () => {
    expect(await engines({ MONGODB_URI: 'mongodb://127.0.0.1:9/evently?serverSelectionTimeoutMS=200' })).toEqual({
      store: 'mongodb',
      bus: 'sqlite',
      search: 'sqlite',
    });
  });
});
