/**
 * `main.ts` as an operator meets it: a bad setting stops start-up with one line naming the variable, an unknown
 * role is refused, and an embedded install without ADMIN_PASSWORD prints a generated password that survives a
 * restart.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendProcesses } from './testing/backend-processes.ts';

const backends = backendProcesses({ prefix: 'evently-main-' });

describe('main.ts', () => {
  it('stops with one line naming the variable when a setting is invalid', async () => {
    const backend = backends.spawn(['all'], { PORT: 'eighty', DATA_DIR: backends.dataDir() });
    expect(await backend.exited).toBe(1);
    expect(backend.stderr().trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)]);
  });

  it('refuses an unknown role', async () => {
    const backend = backends.spawn(['frontend'], { DATA_DIR: backends.dataDir() });
    expect(await backend.exited).toBe(2);
    expect(backend.stderr()).toContain("Unknown role 'frontend'");
  });

  it('prints a generated admin password and keeps it across restarts', async () => {
    // No ADMIN_PASSWORD: the api makes one up and prints it.
    const env = backends.embeddedEnv();
    const dataDir = env.DATA_DIR!;

    const first = await backends.startRole(['api'], env);
    const stored = readFileSync(path.join(dataDir, 'admin-password'), 'utf8').trim();
    expect(first.lines.some((line) => line.trim() === stored)).toBe(true);
    expect(await first.kill('SIGTERM')).toBe(0);

    const second = await backends.startRole(['api'], env);
    expect(second.lines.some((line) => line.trim() === stored)).toBe(true);
    const login = await fetch(`${second.url}/api/support/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: stored }),
    });
    expect(login.status).toBe(200);
  });
});
