/**
 * Issue 13, finding 10: a `TRUSTED_PROXIES` setting that does not match the traffic is logged once, as a
 * structured warning, and the client address used by the limits follows the setting.
 */
import { Writable } from 'node:stream';
import Router from '@koa/router';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { createHttpServer, listen, type RunningHttpServer } from './http-server.ts';

let running: RunningHttpServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function serve(trustedProxies: number) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const router = new Router();
  router.get('/api/ip', (ctx) => {
    ctx.body = { ip: ctx.ip };
  });
  const app = createApp({
    logger: pino({ level: 'warn' }, sink),
    routers: [router],
    readiness: [],
    staticRoot: '/nonexistent',
    trustedProxies,
  });
  running = await listen(createHttpServer(app), 0, '127.0.0.1');
  const url = `http://127.0.0.1:${running.port}`;
  const ipSeen = async (headers: Record<string, string> = {}) =>
    ((await (await fetch(`${url}/api/ip`, { headers })).json()) as { ip: string }).ip;
  const warnings = () => lines.filter((line) => line.setting === 'TRUSTED_PROXIES');
  return { ipSeen, warnings, url };
}

describe('TRUSTED_PROXIES against the traffic', () => {
  it('given 0 behind a proxy, then everyone shares the socket address and one warning names the headers', async () => {
    const { ipSeen, warnings } = await serve(0);
    expect(await ipSeen()).toBe('127.0.0.1');
    expect(warnings()).toEqual([]);
    expect(await ipSeen({ 'x-forwarded-for': '203.0.113.7' })).toBe('127.0.0.1');
    expect(await ipSeen({ 'x-forwarded-for': '198.51.100.2', forwarded: 'for=198.51.100.2' })).toBe('127.0.0.1');
    expect(warnings()).toEqual([
      expect.objectContaining({
        level: 40,
        value: 0,
        headers: ['x-forwarded-for'],
        remote_address: '127.0.0.1',
        msg: expect.stringMatching(/not trusted/),
      }),
    ]);
  });

  it('given 1, then the last X-Forwarded-For hop is the client, and a request around the proxy is warned about once', async () => {
    const { ipSeen, warnings, url } = await serve(1);
    expect(await ipSeen({ 'x-forwarded-for': '10.9.9.9, 203.0.113.7' })).toBe('203.0.113.7');
    expect(warnings()).toEqual([]);
    await fetch(`${url}/healthz`);
    expect(warnings()).toEqual([]);
    await ipSeen();
    await ipSeen();
    expect(warnings()).toEqual([
      expect.objectContaining({ level: 40, value: 1, msg: expect.stringMatching(/without X-Forwarded-For/) }),
    ]);
  });
});
