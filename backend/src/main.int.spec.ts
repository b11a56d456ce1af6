/**
 * `main.ts` as an operator meets it: a bad setting stops start-up with one line naming the variable, an unknown
 * role is refused, and an embedded install without ADMIN_PASSWORD prints a generated password that survives a
 * restart.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { logRecord, spawnBackend, type BackendProcess } from './testing/spawn-backend.ts';

const running: BackendProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((backend) => backend.kill('SIGKILL')));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function start(args: string[], env: Record<string, string>): BackendProcess {
  const backend = spawnBackend(args, env);
  running.push(backend);
  return backend;
}

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'evently-main-'));
  dirs.push(dir);
  return dir;
}

describe('main.ts', () => {
  it('stops with one line naming the variable when a setting is invalid', async () => {
    const backend = start(['all'], { PORT: 'eighty', DATA_DIR: tempDataDir() });
    expect(await backend.exited).toBe(1);
    expect(backend.stderr().trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)]);
  });

  it('refuses an unknown role', async () => {
    const backend = start(['frontend'], { DATA_DIR: tempDataDir() });
    expect(await backend.exited).toBe(2);
    expect(backend.stderr()).toContain("Unknown role 'frontend'");
  });

  it('prints a generated admin password and keeps it across restarts', async () => {
    const dataDir = tempDataDir();
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'info' };
    const listening = (line: string) => String(logRecord(line)?.msg ?? '').endsWith('is listening');

    const first = start(['api'], env);
    await first.waitForLine(listening);
    const stored = readFileSync(path.join(dataDir, 'admin-password'), 'utf8').trim();
    expect(first.lines.some((line) => line.trim() === stored)).toBe(true);
    expect(await first.kill('SIGTERM')).toBe(0);

    const second = start(['api'], env);
    const url = String(logRecord(await second.waitForLine(listening))?.url);
    expect(second.lines.some((line) => line.trim() === stored)).toBe(true);
    const login = await fetch(`${url}/api/support/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: stored }),
    });
    expect(login.status).toBe(200);
  });
});
