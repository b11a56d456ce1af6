/**
 * Runs `backend/src/main.ts <role>` as a real child process (node + tsx, no npm wrapper in between, so a
 * signal reaches the backend itself) and reads its JSON log lines, for process-level tests such as crash
 * recovery.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export interface BackendProcess {
  child: ChildProcess;
  /** Every stdout line so far (JSON log lines and plain progress lines). */
  lines: string[];
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the first line `match` accepts; rejects if the process exits first or time runs out. */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): Promise<number | string>;
}

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
  { uid, gid }: SpawnOptions = {},
): BackendProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    ...(uid !== undefined ? { uid } : {}),
    ...(gid !== undefined ? { gid } : {}),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const wake of waiters) wake();
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown');
      for (const wake of waiters) wake();
    });
  });

  const waitForLine = (match: (line: string) => boolean, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching line within ${timeoutMs} ms; output:\n${lines.join('\n')}\n${stderr}`));
      }, timeoutMs);
      function check() {
        const found = lines.find(match);
        if (found !== undefined || child.exitCode !== null || child.signalCode !== null) {
          clearTimeout(timer);
          waiters.delete(check);
          if (found !== undefined) resolve(found);
          else reject(new Error(`backend exited before the expected line; output:\n${lines.join('\n')}\n${stderr}`));
        }
      }
      waiters.add(check);
      check();
    });

  return {
    child,
    lines,
    stderr: () => stderr,
    waitForLine,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
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
