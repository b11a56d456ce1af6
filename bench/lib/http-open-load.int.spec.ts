import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runOpenLoad } from './http-open-load.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server that answers every request after `delayMs`, however many are open at once; counts what it got. */
async function slowServer(delayMs: number): Promise<{ url: string; received: () => number }> {
  let received = 0;
  const server = http.createServer((_request, response) => {
    received++;
    setTimeout(() => response.end('{"ok":true}'), delayMs);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received: () => received };
}

const next = () => ({ path: '/' });

describe('open-loop load', () => {
  it('asks at the set rate however slowly the server answers', async () => {
    const server = await slowServer(200);
    const summary = await runOpenLoad(server.url, { rate: 50, seconds: 1, connections: 64, next });
    // A closed loop of a few clients would have asked a handful in that second.
    expect(summary.requests).toBe(50);
    expect(server.received()).toBe(50);
    expect(summary.errors).toBe(0);
    expect(summary.p50_ms).toBeGreaterThanOrEqual(200);
    expect(summary.asked_per_s).toBe(50);
  });

  it('counts the wait for a free connection as latency', async () => {
    // One connection answering every 50 ms serves 20 a second; asking 40 a second for half a second queues
    // the later requests behind the earlier ones.
    const server = await slowServer(50);
    const summary = await runOpenLoad(server.url, { rate: 40, seconds: 0.5, connections: 1, next });
    expect(summary.requests).toBe(20);
    expect(summary.max_ms).toBeGreaterThanOrEqual(400);
  });

  it('times a request from when it was due, so a stalled generator does not hide the wait', async () => {
    const server = await slowServer(0);
    // The process stalls for 300 ms after 200 ms: requests due meanwhile go out late, and wait as long.
    setTimeout(() => {
      const until = performance.now() + 300;
      while (performance.now() < until);
    }, 200);
    const summary = await runOpenLoad(server.url, { rate: 50, seconds: 1, connections: 8, next });
    expect(summary.requests).toBe(50);
    expect(summary.send_lag_p99_ms).toBeGreaterThanOrEqual(200);
    expect(summary.p95_ms).toBeGreaterThanOrEqual(150);
  });

  it('refuses a rate that asks for nothing', async () => {
    await expect(runOpenLoad('http://127.0.0.1:1', { rate: 0, seconds: 1, connections: 1, next })).rejects.toThrow(
      /rate must be above 0/,
    );
  });
});
