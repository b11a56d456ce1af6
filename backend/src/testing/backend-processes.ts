/**
 * The backend's roles as real processes, for one spec file. A process-level spec says which roles it runs on
 * which settings; what every such spec needs around them is written here once: a fresh DATA_DIR with an
 * embedded install's settings, a role counted as started when it logs that it listens (never after a time),
 * its URL read from that line, and every process killed and every folder removed when the test (or, for
 * processes a `beforeAll` starts, the file) ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { logRecord, spawnBackend, type BackendProcess, type SpawnOptions } from './spawn-backend.ts';

export interface BackendProcessesOptions {
  /** Prefix of each temporary DATA_DIR, e.g. `evently-crash-`. */
  prefix: string;
  /** Settings `embeddedEnv` adds to the embedded defaults for every process, e.g. ADMIN_PASSWORD. */
  env?: Record<string, string>;
  /** When processes and folders are ended: after each test (the default), or after the file. */
  scope?: 'test' | 'file';
  /** How a role starts: the checkout's `main.ts` unless told (a built release passes its own entry). */
  spawn?: (args: string[], env: Record<string, string>, options?: SpawnOptions) => BackendProcess;
}

export interface ServingBackend extends BackendProcess {
  /** The base URL the role logged when it began to listen. */
  url: string;
}

export interface RoleReadiness {
  /** Log messages the role must also have written before it counts as started, e.g. `worker started`. */
  alsoWaitFor?: string[];
  timeoutMs?: number;
  spawnOptions?: SpawnOptions;
}

export interface BackendProcesses {
  /** A fresh folder, removed at teardown. */
  dataDir(): string;
  /**
   * An embedded install's settings: a fresh DATA_DIR, PORT 0 on 127.0.0.1, no demo data, info logs, then
   * the file's `env`, then `overrides` (DATA_DIR among them to share a folder between processes).
   */
  embeddedEnv(overrides?: Record<string, string>): Record<string, string>;
  /** Starts `args` (a role and its arguments); ended at teardown unless it has ended before. */
  spawn(args: string[], env: Record<string, string>, options?: SpawnOptions): BackendProcess;
  /** Starts a serving role and resolves once it has logged that it listens (and `alsoWaitFor`), with its URL. */
  startRole(args: string[], env: Record<string, string>, readiness?: RoleReadiness): Promise<ServingBackend>;
}

/** The `msg` of a JSON log line, or '' for a plain line. */
export const logMessage = (line: string): string => String(logRecord(line)?.msg ?? '');

const isListening = (line: string) => logMessage(line).endsWith('is listening');

export function backendProcesses(options: BackendProcessesOptions): BackendProcesses {
  const spawnRole = options.spawn ?? spawnBackend;
  const running: BackendProcess[] = [];
  const folders: string[] = [];

  const teardown = async () => {
    await Promise.all(running.splice(0).map((backend) => backend.kill('SIGKILL')));
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  };
  if (options.scope === 'file') afterAll(teardown);
  else afterEach(teardown);

  const dataDir = () => {
    const folder = mkdtempSync(path.join(tmpdir(), options.prefix));
    folders.push(folder);
    return folder;
  };

  const spawn = (args: string[], env: Record<string, string>, spawnOptions?: SpawnOptions) => {
    const backend = spawnRole(args, env, spawnOptions);
    running.push(backend);
    return backend;
  };

  return {
    dataDir,
    embeddedEnv: (overrides = {}) => ({
      DATA_DIR: overrides.DATA_DIR ?? dataDir(),
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      ...options.env,
      ...overrides,
    }),
    spawn,
    async startRole(args, env, { alsoWaitFor = [], timeoutMs, spawnOptions } = {}) {
      const backend = spawn(args, env, spawnOptions);
      const [listening] = await Promise.all([
        backend.waitForLine(isListening, timeoutMs),
        ...alsoWaitFor.map((message) => backend.waitForLine((line) => logMessage(line) === message, timeoutMs)),
      ]);
      return Object.assign(backend, { url: String(logRecord(listening)?.url) });
    },
  };
}
