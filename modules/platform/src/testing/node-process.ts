/**
 * A Node script as a real child process, for specs about what a process does (a crash, a start beside others,
 * a role of the backend): run with node itself (no npm wrapper in between, so a signal reaches the script),
 * its output read line by line, a wait for the line the spec expects (never a guessed pause), its end, and a
 * kill that resolves once it has ended.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface NodeProcess {
  child: ChildProcess;
  /** Every stdout line so far. */
  lines: string[];
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the first line `match` accepts; rejects if the process exits first or time runs out. */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** Resolves once the process has ended and its output has been read to the end. */
  closed: Promise<void>;
  kill(signal: NodeJS.Signals): Promise<number | string>;
}

export interface NodeProcessOptions {
  cwd?: string;
  /** The whole environment of the process; the spec's own when not given. */
  env?: NodeJS.ProcessEnv;
  /** Run as this user and group (a test running as root checks what an unprivileged process may not do). */
  uid?: number;
  gid?: number;
  /** Give the process a stdin pipe (`child.stdin`), for a script that waits for a line before it goes on. */
  stdin?: boolean;
}

/** `node <args>`, e.g. `['--enable-source-maps', 'dist/server/main.mjs', 'api']`. */
export function startNodeProcess(args: string[], options: NodeProcessOptions = {}): NodeProcess {
  const { cwd, env, uid, gid, stdin = false } = options;
  const child = spawn(process.execPath, args, {
    ...(cwd !== undefined ? { cwd } : {}),
    ...(env !== undefined ? { env } : {}),
    ...(uid !== undefined ? { uid } : {}),
    ...(gid !== undefined ? { gid } : {}),
    stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
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
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));

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
          else
            reject(new Error(`the process exited before the expected line; output:\n${lines.join('\n')}\n${stderr}`));
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
    closed,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A TypeScript script run through tsx: `node --import tsx <script> <args>`. */
export function startTsxScript(script: string, args: string[] = [], options: NodeProcessOptions = {}): NodeProcess {
  return startNodeProcess(['--import', 'tsx', script, ...args], options);
}
