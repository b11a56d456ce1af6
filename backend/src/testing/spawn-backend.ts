/**
 * Runs `backend/src/main.ts <role>` as a real child process (node + tsx, no npm wrapper in between, so a
 * signal reaches the backend itself) and reads its JSON log lines, for process-level tests such as crash
 * recovery. The process plumbing is the platform's `startNodeProcess`; a role gets only PATH, HOME and the
 * settings the spec gives it, as an operator's service would.
 */
import path from 'node:path';
import { startNodeProcess, type NodeProcess } from '@evently/platform/testing';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export type BackendProcess = NodeProcess;

export interface SpawnOptions {
  /** Run as this user and group (a test running as root checks what an unprivileged process may not do). */
  uid?: number;
  gid?: number;
}

export function spawnBackend(args: string[], env: Record<string, string>, options: SpawnOptions = {}): BackendProcess {
  return spawnNode(['--import', 'tsx', 'backend/src/main.ts', ...args], env, REPO_ROOT, options);
}

/** `node <args>` in `cwd` with only PATH, HOME and `env`: e.g. a built release's `dist/server/main.mjs <role>`. */
export function spawnNode(
  args: string[],
  env: Record<string, string>,
  cwd: string,
  options: SpawnOptions = {},
): BackendProcess {
  return startNodeProcess(args, {
    cwd,
    ...options,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
}

/** Parses a pino JSON line, or returns undefined for plain lines. */
export function logRecord(line: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
