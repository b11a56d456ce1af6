/**
 * Listening and draining. `stop()` stops accepting connections, lets requests already in flight finish (up to
 * a deadline), closes idle keep-alive sockets at once, and only then resolves, so a rolling deploy or Ctrl-C
 * never cuts a response in half.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface RunningHttpServer {
  server: Server;
  /** The bound port (useful when asked to listen on port 0). */
  port: number;
  stop(options?: { graceMs?: number }): Promise<void>;
}

/** Creates the server without listening, so socket.io can attach before the first connection. */
export function createHttpServer(app: Koa): Server {
  const server = createServer(app.callback());
  // Slightly above common load balancer idle timeouts, so the balancer closes first and never reuses a
  // socket we are closing.
  server.keepAliveTimeout = 65_000;
  return server;
}

export async function listen(server: Server, port: number, host: string): Promise<RunningHttpServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  let stopping: Promise<void> | undefined;

  return {
    server,
    port: bound,
    stop({ graceMs = 10_000 } = {}) {
      stopping ??= new Promise<void>((resolve) => {
        const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
        deadline.unref();
        server.close(() => {
          clearTimeout(deadline);
          resolve();
        });
        server.closeIdleConnections();
      });
      return stopping;
    },
  };
}
