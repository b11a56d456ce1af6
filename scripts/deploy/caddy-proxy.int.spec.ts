/**
 * deploy/Caddyfile run by a real Caddy in front of a stand-in api replica (a plain HTTP server: what is under
 * test is the proxy's configuration, not the app). Only the upstream's name changes: `api` (compose's DNS
 * name) becomes `localhost` and a free port. Skipped, and said so, where no `caddy` binary is installed
 * (.ci/run installs Debian's).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@evently/platform/testing';

const hasCaddy = spawnSync('caddy', ['version'], { encoding: 'utf8' }).status === 0;
if (!hasCaddy) console.log('skipped: no caddy binary (deploy/Caddyfile across an api restart)');

let workDir: string;
let caddy: ChildProcess | undefined;
let proxyUrl: string;
let upstreamPort: number;
let replica: Server | undefined;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A replica answering its name; `onRequest` may take over (return true) to misbehave. */
async function startReplica(
  name: string,
  onRequest?: (req: IncomingMessage, res: ServerResponse) => boolean,
): Promise<Server> {
  const server = createServer((req, res) => {
    if (onRequest?.(req, res)) return;
    res.setHeader('content-type', 'text/plain');
    res.end(name);
  });
  await new Promise<void>((resolve) => server.listen(upstreamPort, '127.0.0.1', resolve));
  return server;
}

async function stopReplica(): Promise<void> {
  const server = replica;
  replica = undefined;
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

describe.skipIf(!hasCaddy)('deploy/Caddyfile in front of a restarting api replica', () => {
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'evently-caddy-'));
    upstreamPort = await freePort();
    const proxyPort = await freePort();
    const deployed = await readFile(path.resolve(import.meta.dirname, '../../deploy/Caddyfile'), 'utf8');
    expect(deployed).toContain('dynamic a api 3000 {');
    const config = `{\n\tadmin off\n\tauto_https off\n\tdefault_bind 127.0.0.1\n}\n${deployed.replace('dynamic a api 3000 {', `dynamic a localhost ${upstreamPort} {`)}`;
    await writeFile(path.join(workDir, 'Caddyfile'), config);
    caddy = spawn('caddy', ['run', '--config', path.join(workDir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: workDir,
        XDG_CONFIG_HOME: workDir,
        XDG_DATA_HOME: workDir,
        SITE_ADDRESS: `:${proxyPort}`,
      },
      stdio: 'ignore',
    });
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    replica = await startReplica('first');
    await waitFor(
      async () => (await fetch(proxyUrl).catch(() => undefined))?.status === 200,
      'caddy proxying to the replica',
      20_000,
    );
  }, 30_000);

  afterEach(stopReplica);

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    await stopReplica();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('answers every request while the only replica restarts: a wait, never a 502', async () => {
    replica ??= await startReplica('first');
    const answers: Array<{ status: number; body: string }> = [];
    let asking = true;
    let asked = 0;
    const client = (async () => {
      while (asking) {
        asked += 1;
        const res = await fetch(proxyUrl);
        answers.push({ status: res.status, body: await res.text() });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    await waitFor(() => answers.length >= 5, 'answers from the first replica', 10_000);
    await stopReplica();
    // Down as a container restarting, until a request has reached the proxy with no replica behind it: that one
    // must wait there for the new replica rather than answer 502.
    const askedWhileDown = asked;
    await waitFor(() => asked > askedWhileDown, 'a request sent while no replica is up', 10_000);
    replica = await startReplica('second');
    await waitFor(
      () => answers.filter((answer) => answer.body === 'second').length >= 5,
      'answers from the restarted replica',
      20_000,
    );
    asking = false;
    await client;

    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(new Set(answers.map((answer) => answer.body))).toEqual(new Set(['first', 'second']));
  });

  it('never sends a write twice: a POST whose replica dropped it mid-request is not retried', async () => {
    await stopReplica();
    let posts = 0;
    replica = await startReplica('writer', (req) => {
      if (req.method !== 'POST') return false;
      posts += 1;
      req.socket.destroy();
      return true;
    });
    const res = await fetch(proxyUrl, { method: 'POST', body: 'ticket' });
    expect(res.status).toBe(502);
    expect(posts).toBe(1);
  });
});
