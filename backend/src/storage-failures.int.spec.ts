/**
 * Storage this process may not use, as an operator meets it: the real `main.ts`, spawned, stops before it
 * listens with one line on stderr that names the path and what to change, and a non-zero exit. Permission
 * cases need an unprivileged process: a test running as root (a container) spawns it as `nobody`.
 * Mail that can no longer be written once running makes `/readyz` fail.
 */
import { chmodSync, chownSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendProcesses } from './testing/backend-processes.ts';
import type { SpawnOptions } from './testing/spawn-backend.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

const NOBODY = 65_534;
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
/** Who the spawned backend runs as: permissions bind only a process that is not root. */
const unprivileged: SpawnOptions = asRoot ? { uid: NOBODY, gid: NOBODY } : {};
const uid = asRoot ? NOBODY : (process.getuid?.() ?? 0);

const backends = backendProcesses({ prefix: 'evently-storage-', env: { ADMIN_PASSWORD: 'storage-test-password' } });

/** A DATA_DIR the spawned process owns. */
function dataDir(): string {
  const dir = backends.dataDir();
  if (asRoot) chownSync(dir, NOBODY, NOBODY);
  return dir;
}

function owned(target: string): string {
  if (asRoot) chownSync(target, NOBODY, NOBODY);
  return target;
}

async function startFails(data: string): Promise<string> {
  const backend = backends.spawn(['all'], backends.embeddedEnv({ DATA_DIR: data }), unprivileged);
  expect(await backend.exited).toBe(1);
  // It stopped before serving anything.
  expect(backend.lines.filter((line) => line.includes('is listening'))).toEqual([]);
  const lines = backend.stderr().trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

describe('storage failures at start', () => {
  it('names the database file that cannot be opened, instead of SQLite’s path-less "unable to open database file"', async () => {
    const data = dataDir();
    mkdirSync(path.join(data, 'evently.db'));
    owned(path.join(data, 'evently.db'));
    expect(await startFails(data)).toBe(
      `Storage problem: ${data}/evently.db cannot be written: is a folder, not a file (EISDIR). Give user ${uid} read and write access to it, or point DATA_DIR elsewhere`,
    );
  });

  it('names a database file that is not a database', async () => {
    const data = dataDir();
    writeFileSync(path.join(data, 'evently.db'), 'this is not a SQLite file, whatever its name says'.repeat(20));
    owned(path.join(data, 'evently.db'));
    expect(await startFails(data)).toMatch(
      new RegExp(
        `^Storage problem: ${data}/evently\\.db cannot be opened: is not a SQLite database \\(SQLITE_NOTADB\\)\\. `,
      ),
    );
  });

  it('names a DATA_DIR the process may not write', async () => {
    const data = dataDir();
    chmodSync(data, 0o555);
    const line = await startFails(data);
    chmodSync(data, 0o755);
    expect(line).toBe(
      `Storage problem: ${data} cannot be written: permission denied (EACCES). Set DATA_DIR to a folder user ${uid} may write, or give user ${uid} write access to it`,
    );
  });

  it('names a read-only search.db before the api says it is listening', async () => {
    const data = dataDir();
    const search = path.join(data, 'search.db');
    writeFileSync(search, '');
    owned(search);
    chmodSync(search, 0o444);
    expect(await startFails(data)).toBe(
      `Storage problem: ${search} cannot be written: permission denied (EACCES). Give user ${uid} read and write access to it (the search index is rebuilt from the event log if you delete it), or point DATA_DIR elsewhere`,
    );
  });

  it('names a mail folder the process may not write, when mail goes to files', async () => {
    const data = dataDir();
    const mail = path.join(data, 'mail');
    mkdirSync(mail);
    owned(mail);
    chmodSync(mail, 0o555);
    const line = await startFails(data);
    chmodSync(mail, 0o755);
    expect(line).toBe(
      `Storage problem: ${mail} cannot be written: permission denied (EACCES). Give user ${uid} write access to the folder, or set SMTP_URL to send mail through a server`,
    );
  });
});

describe('mail that cannot be written once running', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('makes /readyz fail, naming mail, and pass again once the folder is back', async () => {
    const ready = async () => {
      const res = await fetch(`${server.url}/readyz`);
      return { status: res.status, body: (await res.json()) as { checks: Record<string, string>; error?: string } };
    };
    expect((await ready()).body.checks.mail).toBe('ok');

    // A file where the folder should be: no process, root included, can write mail there.
    const mail = path.join(server.dataDir, 'mail');
    renameSync(mail, `${mail}.moved`);
    writeFileSync(mail, 'not a folder');
    const broken = await ready();
    expect(broken.status).toBe(503);
    expect(broken.body.checks.mail).toBe('unavailable');
    expect(broken.body.error).toBe('Not ready: mail unavailable');

    rmSync(mail);
    renameSync(`${mail}.moved`, mail);
    expect((await ready()).status).toBe(200);
  });
});
