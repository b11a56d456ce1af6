/**
 * Serves a module's routers over real HTTP on 127.0.0.1 for its own integration tests and benchmarks, without
 * booting the whole backend: JSON bodies are parsed and an `HttpError` becomes its status with `{ error }`,
 * which is what the backend's error middleware does for these errors.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import Koa from 'koa';
import { HttpError } from '@evently/platform';

export interface ServedRouters {
  url: string;
  close(): Promise<void>;
}

export async function serveRouters(routers: Router[]): Promise<ServedRouters> {
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      ctx.status = error.status;
      ctx.body = { error: error.message };
    }
  });
  app.use(bodyParser());
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
