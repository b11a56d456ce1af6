/**
 * `npx tsx bench/lib/serve-demo.ts --port <n> [--static-root <dir>/dist]`: the real server (every middleware,
 * the page heads and the server-rendered first paint) with the demo catalogue in a fresh DATA_DIR, on
 * 127.0.0.1, for `npm run bench:search -- --url <its address> --pid <its pid>`. `--static-root` serves a copy
 * of the client build (its `dist-server` beside it), so a rebuild of `frontend/dist` during a run changes
 * nothing. Prints `BENCH {"url","pid"}` once the catalogue is searchable; SIGINT or SIGTERM stops it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@evently/platform';
import { loadConfig } from '../../backend/src/config.ts';
import { startServer } from '../../backend/src/processes/server-process.ts';
import { numberArg, stringArg } from './args.ts';

const args = process.argv.slice(2);
const staticRoot = stringArg(args, 'static-root');
const dataDir = await mkdtemp(path.join(tmpdir(), 'evently-pages-bench-'));
const config = loadConfig({
  ADMIN_PASSWORD: 'bench-admin-password',
  LOG_LEVEL: 'warn',
  DEMO_DATA: 'true',
  PORT: String(numberArg(args, 'port', 3000)),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
});
const server = await startServer({
  config,
  logger: createLogger({ name: 'pages-bench', level: config.logLevel }),
  roles: { api: true, worker: true },
  announceAdminPassword: false,
  env: process.env,
  ...(staticRoot ? { staticRoot: path.resolve(staticRoot) } : {}),
});
await server.composition.projectors.drained();
process.stdout.write(`BENCH ${JSON.stringify({ url: server.url, pid: process.pid })}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // Whatever the stop does, the temporary catalogue goes and the process ends.
    void server
      .stop()
      .finally(() => rm(dataDir, { recursive: true, force: true }))
      .finally(() => process.exit(0));
  });
}
