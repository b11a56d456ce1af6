/**
 * The metrics pieces without a server: route labels, mail counting, scrape-time gauges (including a broken
 * source), the bearer check and ingestion counts.
 */
import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import type { RunCounts } from '@evently/ingestion';
import type { Mailer, MailMessage } from '@evently/platform';
import { countedMailer } from './counted-mailer.ts';
import { httpMetrics, UNMATCHED_ROUTE } from './http-metrics.ts';
import { recordIngestionRun } from './ingestion-metrics.ts';
import { createMetrics } from './metrics.ts';
import { bearerMatches } from './metrics.router.ts';
import { registerPipelineCollectors } from './pipeline-collectors.ts';

const makeMetrics = () => createMetrics({ processMetrics: false });
const mail: MailMessage = { to: 'a@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' };

function fakeMailer(fails: boolean): Mailer {
  return {
    kind: 'smtp',
    send: async () => {
      if (fails) throw new Error('550 rejected');
      return { messageId: '<1@x>', destination: '250 OK' };
    },
    close: async () => undefined,
  };
}

describe('http metrics', () => {
  const request = async (metrics: ReturnType<typeof makeMetrics>, route: string | undefined, status: number) => {
    const ctx = { method: 'GET', status: 404 } as Context & { _matchedRoute?: string };
    await httpMetrics(metrics)(ctx, async () => {
      if (route) ctx._matchedRoute = route;
      ctx.status = status;
    });
  };

  it('labels a request with the matched route pattern, never the raw URL', async () => {
    const metrics = makeMetrics();
    await request(metrics, '/api/events/:id', 200);
    await request(metrics, '/api/events/:id', 200);
    const text = await metrics.registry.metrics();
    expect(text).toContain(
      'evently_http_request_duration_seconds_count{method="GET",route="/api/events/:id",status="200"} 2',
    );
  });

  it('puts every unrouted request (SPA files, 404s) under one label', async () => {
    const metrics = makeMetrics();
    await request(metrics, undefined, 404);
    expect(await metrics.registry.metrics()).toContain(`route="${UNMATCHED_ROUTE}",status="404"} 1`);
  });
});

describe('counted mailer', () => {
  it('counts sent and failed mail by mailer and transport, and still fails the send', async () => {
    const metrics = makeMetrics();
    await countedMailer(fakeMailer(false), metrics, 'support').send(mail);
    await expect(countedMailer(fakeMailer(true), metrics, 'support').send(mail)).rejects.toThrow('550');
    const text = await metrics.registry.metrics();
    expect(text).toContain('evently_mails_sent_total{mailer="support",transport="smtp"} 1');
    expect(text).toContain('evently_mails_failed_total{mailer="support",transport="smtp"} 1');
  });
});

describe('pipeline collectors', () => {
  it('reads backlog, lag per group and topic, dead letters and sockets at scrape time', async () => {
    const metrics = makeMetrics();
    let backlog = 3;
    registerPipelineCollectors(metrics, {
      outboxBacklog: async () => backlog,
      lag: {
        groups: [{ group: 'projector.events-search', topics: ['evently.events'] }],
        read: async () => ({ 'evently.events': 7 }),
      },
      deadLetters: async () => ({ 'projector.events-search': 1 }),
      waiting: () => [
        {
          group: 'support.visitor-mailer',
          position: 'support.tickets/0',
          dependency: 'smtp',
          since: new Date(Date.now() - 90_000).toISOString(),
        },
      ],
    });
    registerPipelineCollectors(metrics, { sockets: () => ({ '/admin': 2 }) });
    expect(await metrics.registry.metrics()).toContain('evently_outbox_backlog 3');
    backlog = 0;
    const text = await metrics.registry.metrics();
    expect(text).toContain('evently_outbox_backlog 0');
    expect(text).toContain('evently_consumer_lag{group="projector.events-search",topic="evently.events"} 7');
    expect(text).toContain('evently_dead_letters{source="projector.events-search"} 1');
    const waited = Number(
      /^evently_consumer_waiting_seconds\{group="support.visitor-mailer",position="support.tickets\/0",dependency="smtp"\} (\S+)$/m.exec(
        text,
      )?.[1],
    );
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(text).toContain('evently_socket_connections{namespace="/admin"} 2');
  });

  it('leaves a failing or hanging source out of the scrape and counts it', async () => {
    const metrics = makeMetrics();
    registerPipelineCollectors(
      metrics,
      {
        outboxBacklog: () => Promise.reject(new Error('store down')),
        lag: {
          groups: [{ group: 'g', topics: ['t'] }],
          read: () => new Promise<Record<string, number>>(() => undefined),
        },
      },
      5,
    );
    const text = await metrics.registry.metrics();
    // prom-client writes `Nan`; Prometheus parses NaN in any case.
    expect(text).toMatch(/^evently_outbox_backlog nan$/im);
    expect(text).not.toMatch(/^evently_consumer_lag\{/m);
    // The error counter is read alongside the gauges, so a scrape's failures show from the next scrape on.
    const next = await metrics.registry.metrics();
    expect(next).toContain('evently_metrics_source_errors_total{source="outbox"} 1');
    expect(next).toContain('evently_metrics_source_errors_total{source="lag"} 1');
  });
});

describe('bearer token', () => {
  it('accepts only the configured token', () => {
    const token = 'a-long-metrics-token';
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerMatches('Bearer a-long-metrics-toke', token)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token}`, undefined)).toBe(false);
  });
});

describe('ingestion counts', () => {
  it('adds a run and its record outcomes', async () => {
    const metrics = makeMetrics();
    // The figures this test reads; counting walks whatever fields a run reports, so newer ones need no change here.
    const counts = {
      fetched: 10,
      created: 4,
      updated: 1,
      unchanged: 5,
      removed: 0,
      quarantined: 2,
      failed_requests: 0,
      pages: 3,
    } as RunCounts;
    recordIngestionRun(metrics, { source: 'fever', status: 'completed', scopes: [], counts, durationMs: 5 });
    const text = await metrics.registry.metrics();
    expect(text).toContain('evently_ingestion_runs_total{source="fever",status="completed"} 1');
    expect(text).toContain('evently_ingestion_records_total{source="fever",outcome="created"} 4');
    expect(text).toContain('evently_ingestion_records_total{source="fever",outcome="quarantined"} 2');
    expect(text).not.toContain('outcome="pages"');
  });
});
