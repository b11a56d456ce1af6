/**
 * The seed's projection step on a real composition: what `messagesLeft` reports (the seed prints it while it
 * projects) before and after `projectBacklog`, and that the events are searchable once it returns.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '@evently/platform';
import { compose, type Composition } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { messagesLeft, projectBacklog } from './project-backlog.ts';

let composition: Composition | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await composition?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('projectBacklog', () => {
  it('given written events, then messagesLeft counts them until the projectors have applied them all', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'evently-backlog-'));
    const config = loadConfig({
      ADMIN_PASSWORD: 'backlog-test-password',
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      DATA_DIR: dataDir,
    });
    composition = await compose({ config, logger: silentLogger(), role: 'seed', env: {} });
    expect(await messagesLeft(composition)).toBe(0);

    await composition.events.seed(30);
    // Every projector reads the events' messages (and some more topics): at least the 30 for the search index.
    expect(await messagesLeft(composition)).toBeGreaterThanOrEqual(30);

    expect(await projectBacklog(composition)).toEqual(['events-search']);
    expect(await messagesLeft(composition)).toBe(0);
    expect(await composition.search.count('events', {})).toBe(30);
  });
});
