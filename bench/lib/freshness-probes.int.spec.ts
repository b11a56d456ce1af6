import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ASK_EVERY_MS, freshnessProbes } from './freshness-probes.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/**
 * A search that answers a prefix's total as the probes made searchable so far (`searchable`), and notes each
 * ask's prefix and time.
 */
async function probeSearch(): Promise<{
  url: string;
  searchable: Map<string, number>;
  asks: Array<{ prefix: string; at: number }>;
}> {
  const searchable = new Map<string, number>();
  const asks: Array<{ prefix: string; at: number }> = [];
  const server = http.createServer((request, response) => {
    const prefix = new URL(request.url ?? '/', 'http://x').searchParams.get('keyword') ?? '';
    asks.push({ prefix, at: Date.now() });
    response.end(JSON.stringify({ total: searchable.get(prefix) ?? 0, items: [] }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, searchable, asks };
}

describe('freshness probes', () => {
  it("times each probe from its page's commit to the first answer that holds it", async () => {
    const search = await probeSearch();
    const probes = freshnessProbes(search.url);
    probes.committed('pagea', 2, Date.now());
    setTimeout(() => search.searchable.set('pagea', 1), 120);
    setTimeout(() => search.searchable.set('pagea', 2), 300);
    const summary = await probes.stop();
    expect(summary).toMatchObject({ probes_followed: 2, probes_found: 2, pages_committed: 1, pages_followed: 1 });
    // Each found by an ask at most one interval (and an answer) after it became searchable.
    expect(summary.freshness_p50_ms).toBeGreaterThanOrEqual(120);
    expect(summary.freshness_p50_ms).toBeLessThan(120 + ASK_EVERY_MS + 100);
    expect(summary.freshness_max_ms).toBeGreaterThanOrEqual(300);
    expect(summary.freshness_max_ms).toBeLessThan(300 + ASK_EVERY_MS + 100);
  });

  it('asks a followed page again no sooner than the interval, and stops once its probes are found', async () => {
    const search = await probeSearch();
    const probes = freshnessProbes(search.url);
    probes.committed('pagea', 1, Date.now());
    setTimeout(() => search.searchable.set('pagea', 1), 400);
    const summary = await probes.stop();
    const times = search.asks.map((ask) => ask.at);
    // Timed where the asks arrive, so one late arrival shortens the gap after it: the span is what holds.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((times.length - 1) * ASK_EVERY_MS - 20);
    // About one ask per interval until found: asking on every answer would have sent hundreds.
    expect(times.length).toBeGreaterThanOrEqual(3);
    expect(times.length).toBeLessThanOrEqual(Math.ceil(400 / ASK_EVERY_MS) + 2);
    expect(summary.probe_asks).toBe(times.length);
  });

  it('follows one page at a time: pages committed meanwhile are not asked for, the next one after is', async () => {
    const search = await probeSearch();
    const probes = freshnessProbes(search.url);
    const first = probes.committed('pagea', 1, Date.now());
    expect(probes.committed('pageb', 3, Date.now())).toBeNull();
    setTimeout(() => search.searchable.set('pagea', 1).set('pageb', 3), 100);
    await first;
    search.searchable.set('pagec', 2);
    expect(probes.committed('pagec', 2, Date.now())).not.toBeNull();
    const summary = await probes.stop();
    expect(new Set(search.asks.map((ask) => ask.prefix))).toEqual(new Set(['pagea', 'pagec']));
    expect(summary).toMatchObject({ probes_followed: 3, probes_found: 3, pages_committed: 3, pages_followed: 2 });
  });
});
