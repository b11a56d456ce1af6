/**
 * The image's server build (`npm run build:server`): the bundle builds, answers a role's --help without tsx,
 * and boots the api on the embedded profile far enough to serve /healthz and the SPA's assets path, with
 * plain `node` on this machine's Node 20 (the image runs Node 22).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/build-server.ts';

let outdir: string;
let dataDir: string;

beforeAll(async () => {
  // Inside the repository, like dist/server: the bundle's third-party imports resolve from its node_modules.
  const dist = path.resolve(import.meta.dirname, '../../../dist');
  await mkdir(dist, { recursive: true });
  outdir = await mkdtemp(path.join(dist, 'server-test-'));
  dataDir = await mkdtemp(path.join(tmpdir(), 'evently-bundle-data-'));
  await buildServer(outdir);
});

afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server bundle', () => {
  it('runs a role with plain node, no tsx', () => {
    const run = spawnSync(process.execPath, [path.join(outdir, 'main.mjs'), 'ingest', '--help'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: npm run ingest');
  });

  it('starts the api and answers /healthz', async () => {
    const child = spawn(process.execPath, [path.join(outdir, 'main.mjs'), 'api'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'false', ADMIN_PASSWORD: 'bundle-test-password', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
