/**
 * The real backend for integration and browser tests: the same composition and Koa app as `npm start`, in this
 * process, on 127.0.0.1 with a free port and a fresh temporary DATA_DIR, with a known admin password.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@evently/platform';
import { loadConfig } from '../config.ts';
import { startServer, type RunningServer } from '../processes/server-process.ts';

export const TEST_ADMIN_PASSWORD = 'test-admin-password';

export interface StartTestServerOptions {
  /** Load the demo events and wait until they are searchable. */
  seedDemo?: boolean;
  /** Extra environment (e.g. `{ SMTP_URL }`); PORT, HOST and DATA_DIR are chosen by the helper. */
  env?: Record<string, string>;
  /** Serve this client build instead of `frontend/dist` (the Lighthouse bench compares builds). */
  staticRoot?: string;
}

export interface TestServer {
  url: string;
  dataDir: string;
  adminPassword: string;
  server: RunningServer;
  stop(): Promise<void>;
}

export async function startTestServer({
  seedDemo = false,
  env = {},
  staticRoot,
}: StartTestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'evently-test-'));
  const config = loadConfig({
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    // Specs that read a server-rendered page must get one on a loaded machine too; a spec may still set it.
    FIRST_PAINT_TIMEOUT_MS: '15000',
    ...env,
    DEMO_DATA: seedDemo ? 'true' : 'false',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  });
  const server = await startServer({
    config,
    logger: createLogger({ name: 'test-server', level: config.logLevel }),
    roles: { api: true, worker: true },
    announceAdminPassword: false,
    env: { ...process.env, ...env },
    ...(staticRoot ? { staticRoot } : {}),
  });
  if (seedDemo) await server.composition.projectors.drained();
  return {
    url: server.url ?? '',
    dataDir,
    adminPassword: config.adminPassword ?? TEST_ADMIN_PASSWORD,
    server,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
