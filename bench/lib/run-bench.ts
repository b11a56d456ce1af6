/**
 * How every bench script runs its body. The body registers what it opens (stores, servers, browsers, child
 * processes, temporary folders) as it opens them; when the body ends, however it ends, they are closed in the
 * reverse order and the process exits. A failure (a thrown error, a rejected promise nobody awaited, an
 * exception in a callback, SIGINT or SIGTERM) prints one line saying what went wrong, closes what was opened
 * (each close given a few seconds, since the failure may be the very thing a close would wait on) and exits
 * non-zero, so a bench never hangs after an error with timers, worker threads or children keeping it alive.
 */
import type { ChildProcess } from 'node:child_process';

/** A close that takes longer than this is given up on: the process is about to exit anyway. */
const CLOSE_LIMIT_MS = 10_000;

export interface BenchScope {
  /** Runs `close` when the bench ends (last registered, first run). */
  onClose(what: string, close: () => unknown): void;
  /**
   * Registers `resource.close()` and returns the resource, for `const stack = scope.closing(...)`. Its close
   * then runs at most once: the body may close it early, and the bench's end does not close it again.
   */
  closing<T extends { close(): unknown }>(what: string, resource: T): T;
  /**
   * Ends a child process when the bench ends, unless it has exited by then, with `signal` (SIGTERM unless
   * given: a child that cleans up its own children on SIGINT only, like Lighthouse with its Chrome, is sent that).
   */
  child<T extends ChildProcess>(what: string, child: T, signal?: NodeJS.Signals): T;
}

/** Thrown for bad command-line input: printed as the message alone, without a stack. */
export class UsageError extends Error {}

/**
 * Runs `body` as bench `name`. `usage` names every option the bench takes (`npm run bench:x -- --a N [--b]`):
 * `--help` or `-h` prints it and exits, and an option it does not name stops the bench before it starts.
 */
export function runBench(name: string, usage: string, body: (scope: BenchScope) => Promise<void>): void {
  const closes: Array<{ what: string; close: () => unknown }> = [];
  const scope: BenchScope = {
    onClose: (what, close) => void closes.push({ what, close }),
    closing(what, resource) {
      const close = resource.close.bind(resource);
      let closed: Promise<unknown> | undefined;
      const closeOnce = () => (closed ??= Promise.resolve().then(close));
      (resource as { close(): unknown }).close = closeOnce;
      closes.push({ what, close: closeOnce });
      return resource;
    },
    child(what, child, signal = 'SIGTERM') {
      closes.push({
        what,
        close: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill(signal);
          await exited;
        },
      });
      return child;
    },
  };

  let ending = false;
  const end = async (failure: { reason: string; error?: unknown } | null): Promise<never> => {
    if (ending) {
      // A second failure while closing: the first one is being reported, so only stop waiting.
      if (failure) process.exit(1);
      return new Promise<never>(() => {});
    }
    ending = true;
    if (failure) report(name, failure.reason, failure.error);
    const stuck = await closeAll(closes);
    if (stuck.length > 0) console.error(`[${name}] gave up waiting for ${stuck.join(', ')} to close`);
    process.exit(failure || stuck.length > 0 ? 1 : (process.exitCode ?? 0));
  };

  process.on('uncaughtException', (error) => void end({ reason: 'failed', error }));
  process.on('unhandledRejection', (error) => void end({ reason: 'failed', error }));
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void end({ reason: `stopped by ${signal}` }));

  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(`usage: ${usage}`);
    process.exit(0);
  }
  Promise.resolve()
    .then(() => refuseUnknownOptions(args, usage))
    .then(() => body(scope))
    .then(
      () => end(null),
      (error: unknown) => end({ reason: 'failed', error }),
    );
}

/**
 * Refuses any `--option` the usage text does not name (every `--name` in it is one the bench takes). A bench runs
 * for minutes: a mistyped option, or `--help`, silently ignored would measure something other than what was asked.
 */
function refuseUnknownOptions(args: string[], usage: string): void {
  const known = new Set(usage.match(/--[a-z][a-z0-9-]*/g) ?? []);
  const unknown = args.filter((arg) => arg.startsWith('--') && !known.has(arg));
  if (unknown.length > 0) throw new UsageError(`unknown option ${unknown.join(', ')}; usage: ${usage}`);
}

function report(name: string, reason: string, error: unknown): void {
  if (error === undefined) {
    console.error(`[${name}] ${reason}`);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[${name}] ${reason}: ${message}`);
  // Where it was thrown, under the message (the stack's own first line repeats the message).
  const frames = error instanceof Error && !(error instanceof UsageError) ? frameLines(error) : [];
  if (frames.length > 0) console.error(frames.join('\n'));
}

const frameLines = (error: Error) => (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));

/** Runs every close, last registered first; returns the ones that threw or did not finish in time. */
async function closeAll(closes: Array<{ what: string; close: () => unknown }>): Promise<string[]> {
  const stuck: string[] = [];
  for (const { what, close } of closes.reverse()) {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), CLOSE_LIMIT_MS);
    });
    try {
      if ((await Promise.race([Promise.resolve().then(close), limit])) === 'late') stuck.push(what);
    } catch (error) {
      stuck.push(`${what} (${error instanceof Error ? error.message : String(error)})`);
    } finally {
      clearTimeout(timer);
    }
  }
  return stuck;
}
