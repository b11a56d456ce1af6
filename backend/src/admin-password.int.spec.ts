import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adminPasswordBanner, resolveAdminPassword } from './admin-password.ts';

describe('resolveAdminPassword', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'evently-admin-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses ADMIN_PASSWORD when set and writes nothing', () => {
    const dir = tempDir();
    const resolved = resolveAdminPassword('configured-secret', dir);
    expect(resolved).toEqual({ password: 'configured-secret', file: undefined, generated: false });
    expect(adminPasswordBanner(resolved)).toBeUndefined();
  });

  it('generates a password once, stores it owner-only, and returns the same one after a restart', () => {
    const dir = path.join(tempDir(), 'nested');
    const first = resolveAdminPassword(undefined, dir);
    expect(first.generated).toBe(true);
    expect(first.password.length).toBeGreaterThanOrEqual(20);
    expect(statSync(first.file!).mode & 0o777).toBe(0o600);

    const second = resolveAdminPassword(undefined, dir);
    expect(second).toEqual({ password: first.password, file: first.file, generated: false });
    expect(adminPasswordBanner(second)).toContain(first.password);
  });
});
