/**
 * A metrics-only HTTP listener for the roles that serve no API (`worker`, `ingestion`): their mail and
 * ingestion counters live in their own process, so Prometheus scrapes them on `METRICS_PORT`. It answers
 * `GET /metrics` with the bearer `METRICS_TOKEN` and nothing else.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.ts';
import { bearerMatches, METRICS_PATH } from './metrics.router.ts';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

export async function startMetricsServer({
  metrics,
  token,
  port,
  host,
}: {
  metrics: Pick<Metrics, 'registry'>;
  token: string;
  port: number;
  host: string;
}): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://x').pathname !== METRICS_PATH) {
      res.writeHead(404).end();
      return;
    }
    if (!bearerMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer' }).end();
      return;
    }
    metrics.registry.metrics().then(
      (body) =>
        res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
