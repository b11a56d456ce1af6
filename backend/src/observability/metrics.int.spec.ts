/**
 * `GET /metrics` on the real backend (api + worker in one process, embedded profile): closed without a
 * credential, open with the METRICS_TOKEN bearer or the admin password, and the series the operators'
 * dashboards use are there with route patterns, never raw URLs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_HEADER, type Delivered } from '@evently/platform';
import { waitFor } from '@evently/platform/testing';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { createMetrics } from './metrics.ts';
import { startMetricsServer } from './metrics-server.ts';

const TOKEN = 'metrics-token-for-tests';

/** The value of the first sample of `name` carrying all of `labels` (label order in the text is free). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
});

afterAll(async () => {
  await server.stop();
});

describe('GET /metrics', () => {
  it('answers 401 without a credential and with a wrong token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer not-the-token-at-all' } })).status,
    ).toBe(401);
  });

  it('serves the Prometheus text format to the token and to the admin credential', async () => {
    await fetch(`${server.url}/api/events/does-not-exist`);
    const byToken = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(byToken.status).toBe(200);
    expect(byToken.headers.get('content-type')).toContain('text/plain');
    const text = await byToken.text();
    expect(
      sample(text, 'evently_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/events/:id',
        status: '404',
        role: 'all',
      }),
    ).toBe(1);
    expect(text).not.toContain('does-not-exist');
    expect(sample(text, 'evently_outbox_backlog', {})).toBe(0);
    expect(sample(text, 'evently_consumer_lag', { group: 'projector.events-search', topic: 'evently.events' })).toBe(0);
    expect(sample(text, 'evently_socket_connections', { namespace: '/admin' })).toBe(0);
    expect(text).toContain('evently_process_cpu_seconds_total');

    expect(sample(text, 'evently_dead_letters', {})).toBeUndefined();

    const byAdmin = await fetch(`${server.url}/metrics`, {
      headers: { [ADMIN_PASSWORD_HEADER]: server.adminPassword },
    });
    expect(byAdmin.status).toBe(200);
  });
});

describe('mail', () => {
  it("counts each module's sent mail under its own name", async () => {
    const created = await fetch(`${server.url}/api/support/tickets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user_name: 'Ana',
        user_email: 'ana@example.com',
        subject: 'Refund',
        description: 'Charged twice.',
        category: 'general',
      }),
    });
    expect(created.status).toBe(201);
    const sent = async () => {
      const text = await (
        await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
      ).text();
      return sample(text, 'evently_mails_sent_total', { mailer: 'support' }) ?? 0;
    };
    await waitFor(async () => (await sent()) >= 1, 'the confirmation mail to be counted');
    expect(await sent()).toBeGreaterThanOrEqual(1);
  });
});

describe('dead letters', () => {
  it('counts parked messages per consumer group', async () => {
    const { bus } = server.server.composition;
    const message: Delivered = {
      id: 'm1',
      topic: 'evently.events',
      key: 'e1',
      type: 'EventPublished',
      version: 1,
      aggregate_version: 1,
      data: {},
      metadata: { occurred_at: new Date().toISOString() },
      offset: '1',
    };
    await bus.deadLetters.add({
      id: 'dl-1',
      group: 'projector.events-search',
      message,
      error: 'ZodError: bad',
      attempts: 1,
      failed_at: new Date().toISOString(),
    });
    const text = await (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
    expect(sample(text, 'evently_dead_letters', { source: 'projector.events-search' })).toBe(1);
  });
});

describe('the metrics-only listener of the worker and ingestion roles', () => {
  it('serves GET /metrics to the token only, and nothing else', async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.mailsSent.inc({ mailer: 'support', transport: 'smtp' });
    const listener = await startMetricsServer({ metrics, token: TOKEN, port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${listener.port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/other`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      const answer = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(sample(await answer.text(), 'evently_mails_sent_total', { mailer: 'support' })).toBe(1);
    } finally {
      await listener.close();
    }
  });
});
