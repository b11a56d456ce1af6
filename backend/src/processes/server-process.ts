/**
 * The long-running roles. `api` serves HTTP and socket.io; `worker` runs the outbox relay, the projector
 * runner and the modules' schedulers; `all` (what `npm start` runs) does both in one process.
 *
 * `stop()` follows the order that loses nothing: stop accepting and drain in-flight requests (whose writes
 * are already committed with their outbox records), stop the schedulers and consumers, flush the relay so
 * every committed record reaches the bus, then close the modules and adapters.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import { eventsWriterFrom, ingestBundledSamplesIfFresh } from '@evently/ingestion';
import { SUPPORT_LIVE_CHANNELS } from '@evently/support';
import { adminPasswordBanner } from '../admin-password.ts';
import { compose, type Composition } from '../compose.ts';
import type { Config } from '../config.ts';
import { answerCheckWanted, checkApiAnswers } from '../api-document/answer-check.ts';
import { API_ROUTES } from '../api-document/api-routes.ts';
import { createApp } from '../http/app.ts';
import { createFirstPaintRenderer } from '../http/first-paint/first-paint-renderer.ts';
import { createSeo } from '../http/seo/seo.ts';
import { createHttpServer, listen, type RunningHttpServer } from '../http/http-server.ts';
import { proxyExposureWarning } from '../http/proxy-exposure.ts';
import { httpMetrics } from '../observability/http-metrics.ts';
import { startMetricsServer, type MetricsServer } from '../observability/metrics-server.ts';
import { registerPipelineCollectors } from '../observability/pipeline-collectors.ts';
import type { Subscription } from '@evently/platform';
import { startLiveGateway } from '../realtime/live-gateway.ts';
import { checkPushes } from '../realtime/push-check.ts';
import { attachRealtime, type Realtime } from '../realtime/realtime-server.ts';
import { replayFreshSearchIndexes } from './replay-fresh-search-indexes.ts';

export const FRONTEND_DIST = path.resolve(import.meta.dirname, '../../../frontend/dist');

export interface ServerRoles {
  api: boolean;
  worker: boolean;
}

export interface RunningServer {
  composition: Composition;
  /** Base URL the api listens on (loopback address when bound to all interfaces); undefined for `worker`. */
  url: string | undefined;
  realtime: Realtime | undefined;
  /**
   * A worker's rebuild of new, empty or changed search indexes, which runs beside its live projectors (and
   * waits while another process rebuilds): the projectors it rebuilt. Settled at once for `api`.
   */
  searchRebuild: Promise<string[]>;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  config: Config;
  logger: Logger;
  roles: ServerRoles;
  /** Print the generated admin password banner (off in tests, which set the password). */
  announceAdminPassword?: boolean;
  env?: Record<string, string | undefined>;
  /** The built SPA to serve; `frontend/dist` unless a benchmark compares another build. */
  staticRoot?: string;
}

/** A URL this machine can call: wildcard binds are reached through loopback; IPv6 literals need brackets. */
function urlOf(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export async function startServer({
  config,
  logger,
  roles,
  announceAdminPassword = true,
  env,
  staticRoot = FRONTEND_DIST,
}: StartServerOptions): Promise<RunningServer> {
  const role = roles.api && roles.worker ? 'all' : roles.api ? 'api' : 'worker';
  const composition = await compose({ config, logger, role, env });

  let http: RunningHttpServer | undefined;
  let realtime: Realtime | undefined;
  let inboundMail: { close(): Promise<void> } | undefined;
  let liveGateway: Subscription | undefined;
  let metricsServer: MetricsServer | undefined;
  let searchRebuild: Promise<string[]> = Promise.resolve([]);
  const schedulers = composition.modules.flatMap((m) => m.schedulers);
  try {
    // Only a worker seeds, so an api scaled to several replicas cannot race to load the catalogue twice. The
    // bundled sample feeds go through the real ingestion pipeline, so a fresh install shows feed events too.
    if (roles.worker && config.demoData) {
      const loaded = await composition.events.seedDemoIfEmpty();
      if (loaded > 0) logger.info({ events: loaded }, 'demo events loaded into the empty store');
      await ingestBundledSamplesIfFresh({
        store: composition.store,
        events: eventsWriterFrom(composition.events),
        logger: logger.child({ component: 'ingestion' }),
      });
    }

    const banner = adminPasswordBanner(composition.adminPassword);
    if (banner && roles.api && announceAdminPassword) process.stdout.write(`${banner}\n`);

    if (roles.api) {
      const app = createApp({
        logger: logger.child({ component: 'http' }),
        routers: composition.routers,
        readiness: composition.readiness,
        staticRoot,
        publicUrl: config.publicUrl,
        corsOrigins: config.corsOrigins,
        trustedProxies: config.trustedProxies,
        https: config.publicUrl.startsWith('https:'),
        // The same environment builds the SPA (`npm start`, the Dockerfile), so it knows whether the tag is in it.
        adsTag: Boolean((env ?? process.env).VITE_ADS_CONVERSION_ID?.trim()),
        metrics: httpMetrics(composition.metrics),
        ...(answerCheckWanted(env ?? process.env)
          ? { answerCheck: checkApiAnswers(API_ROUTES, logger.child({ component: 'answer-check' })) }
          : {}),
        seo: createSeo({
          appName: config.appName,
          publicUrl: config.publicUrl,
          events: composition.events,
          blog: composition.blog,
        }),
        ...(config.firstPaintTimeoutMs > 0
          ? {
              firstPaint: createFirstPaintRenderer({
                serverBuild: path.join(path.dirname(staticRoot), 'dist-server'),
                clientBuild: staticRoot,
                // The render asks this very process's API, over loopback, once it listens.
                apiOrigin: () => (http ? urlOf(config.host, http.port) : undefined),
                logger: logger.child({ component: 'first-paint' }),
                timeoutMs: config.firstPaintTimeoutMs,
              }),
            }
          : {}),
      });
      const server = createHttpServer(app);
      realtime = attachRealtime(server, {
        publicUrl: config.publicUrl,
        corsOrigins: config.corsOrigins,
        trustedProxies: config.trustedProxies,
        logger: logger.child({ component: 'realtime' }),
        authenticateAdmin: (credentials) => composition.adminAuth.authenticateHandshake(credentials),
        adminAgent: (credentials) => composition.adminAuth.handshakeAgent(credentials),
        ticketAccess: composition.ticketAccess,
        presence: composition.presence,
        ...(answerCheckWanted(env ?? process.env)
          ? {
              checkPush: checkPushes(Object.values(SUPPORT_LIVE_CHANNELS), logger.child({ component: 'answer-check' })),
            }
          : {}),
      });
      const sockets = realtime;
      registerPipelineCollectors(composition.metrics, { sockets: () => sockets.connections() });
      liveGateway = await startLiveGateway({
        bus: composition.bus,
        feed: composition.liveFeed,
        realtime,
        logger: logger.child({ component: 'live-gateway' }),
      });
      http = await listen(server, config.port, config.host);
      logger.info(
        { url: urlOf(config.host, http.port), publicUrl: config.publicUrl },
        `${config.appName} is listening`,
      );
      const exposure = proxyExposureWarning(config.trustedProxies, config.host);
      if (exposure)
        logger.warn(
          {
            setting: 'TRUSTED_PROXIES',
            value: config.trustedProxies,
            host: config.host,
            public_addresses: exposure.addresses,
          },
          exposure.message,
        );
    }

    if (roles.worker) {
      await composition.relay.start();
      await composition.projectors.start();
      // In the background: live projection goes on meanwhile, and a standby worker waits for the rebuild lease.
      searchRebuild = replayFreshSearchIndexes(composition, logger).catch((error: unknown) => {
        logger.error({ err: error }, 'rebuilding the search indexes failed; the next worker start tries again');
        return [];
      });
      for (const scheduler of schedulers) scheduler.start();
      // Replies by mail to support tickets (INBOUND_SMTP_PORT): one listener per worker, behind the MX.
      if (composition.startInboundMail) inboundMail = await composition.startInboundMail();
      logger.info(
        { projectors: composition.modules.flatMap((m) => m.projectors.map((p) => p.name)) },
        'worker started',
      );
    }
    // The api serves /metrics itself; a worker alone has no HTTP server, so it opens a metrics-only one.
    if (!roles.api) metricsServer = await startMetricsListener(config, composition, logger);
  } catch (error) {
    // A failed start (port taken, engine unreachable) must not leave files or connections open behind it. A
    // step of that clean-up may fail for the same reason the start did (a read-only file cannot be closed
    // cleanly either): it is logged, and the start's own error is the one that surfaces.
    const steps: Array<[string, (() => Promise<unknown>) | undefined]> = [
      ['metrics listener', metricsServer ? () => metricsServer!.close() : undefined],
      ['inbound mail', inboundMail ? () => inboundMail!.close() : undefined],
      ['live gateway', liveGateway ? () => liveGateway!.stop() : undefined],
      ['realtime', realtime ? () => realtime!.close() : undefined],
      ['http', http ? () => http!.stop() : undefined],
      ['projectors', roles.worker ? () => composition.projectors.stop() : undefined],
      ['outbox relay', roles.worker ? () => composition.relay.stop() : undefined],
      ['modules and adapters', () => composition.close()],
    ];
    for (const [name, step] of steps) {
      try {
        await step?.();
      } catch (cleanupError) {
        logger.warn({ err: cleanupError, step: name }, 'clean-up after a failed start failed');
      }
    }
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    composition,
    url: http ? urlOf(config.host, http.port) : undefined,
    realtime,
    searchRebuild,
    stop() {
      stopping ??= (async () => {
        await metricsServer?.close();
        await inboundMail?.close();
        await liveGateway?.stop();
        await realtime?.close();
        await http?.stop();
        if (roles.worker) {
          for (const scheduler of schedulers) await scheduler.stop();
          // Cancels a rebuild in progress (its copy is dropped) or waiting for the lease.
          await composition.projectors.stop();
          await searchRebuild;
          await composition.relay.flush();
          await composition.relay.stop();
        }
        await composition.close();
      })();
      return stopping;
    },
  };
}

/** The metrics-only listener of roles without the API, when METRICS_PORT asks for one (config demands a token). */
export async function startMetricsListener(
  config: Config,
  composition: Pick<Composition, 'metrics'>,
  logger: Logger,
): Promise<MetricsServer | undefined> {
  if (config.metricsPort === undefined || !config.metricsToken) return undefined;
  const server = await startMetricsServer({
    metrics: composition.metrics,
    token: config.metricsToken,
    port: config.metricsPort,
    host: config.host,
  });
  logger.info({ port: server.port }, 'metrics listening');
  return server;
}
