/**
 * One JSON log line per request, carrying the request id the client sees, and nothing secret.
 */
import { Writable } from 'node:stream';
import Router from '@koa/router';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_PATHS } from '@evently/platform';
import { waitFor } from '@evently/platform/testing';
import { createApp } from './app.ts';
import { createHttpServer, listen, type RunningHttpServer } from './http-server.ts';

const lines: Array<Record<string, unknown>> = [];
let running: RunningHttpServer;
let url: string;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'info', redact: REDACTED_PATHS }, sink);
  const router = new Router();
  router.post('/api/things', (ctx) => {
    ctx.status = 201;
    ctx.body = { ok: true };
  });
  const app = createApp({ logger, routers: [router], readiness: [], staticRoot: '/nonexistent' });
  running = await listen(createHttpServer(app), 0, '127.0.0.1');
  url = `http://127.0.0.1:${running.port}`;
});

afterAll(async () => {
  await running.stop();
});

describe('request log', () => {
  it('writes one line per request with the id, method, path, status and duration, without secrets', async () => {
    const res = await fetch(`${url}/api/things?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-password': 'super-secret-value' },
      body: JSON.stringify({ password: 'another-secret' }),
    });
    expect(res.status).toBe(201);
    const id = res.headers.get('x-request-id');
    // The line is written when the response has finished, which can be just after the client has read it.
    await waitFor(() => lines.some((line) => line.reqId === id), 'the request line', 2_000);

    const mine = lines.filter((line) => line.reqId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'POST', url: '/api/things?x=1' },
      res: { statusCode: 201 },
      aborted: false,
    });
    expect(typeof mine[0]?.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/super-secret-value|another-secret/);
  });
});
