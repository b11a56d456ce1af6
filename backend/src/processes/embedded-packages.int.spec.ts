/**
 * A process on the embedded engines never loads the production engines' clients: a one-shot command such as
 * `dead-letters list` would otherwise spend most of its run loading MongoDB's, Kafka's and Elasticsearch's
 * drivers it does not use (each adapter loads its driver on first use instead).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempDataDir } from '@evently/platform/testing';
import { spawnNode } from '../testing/spawn-backend.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const PRELOAD = path.resolve(import.meta.dirname, '../testing/loaded-packages.preload.mjs');
/** The drivers, and undici: the Elasticsearch client's HTTP stack (the client itself loads as ESM, which the preload cannot list). */
const PRODUCTION_CLIENTS = ['mongoose', 'mongodb', 'kafkajs', 'undici', '@elastic/elasticsearch', '@elastic/transport'];

describe('an embedded process', () => {
  it('runs `dead-letters list` without loading a production engine client', async () => {
    const { dir, remove } = await createTempDataDir('evently-embedded-packages-');
    try {
      const command = spawnNode(
        ['--import', 'tsx', '--import', PRELOAD, 'backend/src/main.ts', 'dead-letters', 'list'],
        { DATA_DIR: dir, ADMIN_PASSWORD: 'embedded-packages-password', LOG_LEVEL: 'warn' },
        REPO_ROOT,
      );
      expect(await command.exited, command.stderr()).toBe(0);
      expect(command.lines).toContain('0 dead letters');
      const loaded = JSON.parse(/^loaded packages: (.*)$/m.exec(command.stderr())?.[1] ?? 'null') as string[] | null;
      // The preload saw the run: the embedded engine's own driver is there.
      expect(loaded).toContain('better-sqlite3');
      expect(loaded!.filter((name) => PRODUCTION_CLIENTS.includes(name))).toEqual([]);
    } finally {
      await remove();
    }
  }, 120_000);
});
