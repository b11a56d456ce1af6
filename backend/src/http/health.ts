/**
 * `GET /healthz`: the process is up and serving (liveness). `GET /readyz`: every adapter this process uses
 * answers a ping (readiness); a failure names the dependency so an operator knows where to look, while the
 * engine's own error text stays in the log.
 */
import Router from '@koa/router';
import type { Logger } from 'pino';
import type { Liveness, Readiness } from '../api-document/operations-answers.ts';

export interface ReadinessCheck {
  name: string;
  ping(): Promise<void>;
}

const PING_TIMEOUT_MS = 3000;

async function pingWithin(check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${check.name} did not answer within ${PING_TIMEOUT_MS} ms`)),
      PING_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([check.ping(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRouter(checks: ReadinessCheck[], logger: Logger): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' } satisfies Liveness;
  });
  router.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const results = await Promise.all(
      checks.map(async (check) => {
        try {
          await pingWithin(check);
          return [check.name, 'ok'] as const;
        } catch (error) {
          logger.warn({ err: error, dependency: check.name }, 'readiness check failed');
          return [check.name, 'unavailable'] as const;
        }
      }),
    );
    const failed = results.filter(([, state]) => state !== 'ok').map(([name]) => name);
    ctx.status = failed.length === 0 ? 200 : 503;
    ctx.body = {
      status: failed.length === 0 ? 'ok' : 'unavailable',
      checks: Object.fromEntries(results),
      ...(failed.length > 0 ? { error: `Not ready: ${failed.join(', ')} unavailable` } : {}),
    } satisfies Readiness;
  });
  return router;
}
