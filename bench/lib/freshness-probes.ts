/**
 * Freshness of the search bench's writes: how long from a page's commit until a search answers with its probe
 * events. The writer (search-bench-writer.ts) gives one event in every few a word no other event holds; the
 * words of one page share a prefix, and the writer reports the prefix, how many probes the page holds and the
 * commit's time. A search for the prefix counts the page's probes that search returns; each probe found is a
 * sample, timed when the answer that first counted it arrived.
 *
 * The prefix is three characters shorter than the words, so a page whose probes are not searchable yet never
 * borrows another page's probes as near misses (typo widening allows two edits). Counting per page needs no
 * assumption about the order in which the projector makes events searchable.
 *
 * The asking is bounded so that it takes little from the readers the bench measures: a tick every 20 ms starts
 * at most two asks, at most three are in flight, and a page is asked again only once its previous answer came
 * back; each ask is a prefix count over one page's probe words that answers with one card (`per_page=1`). Until
 * the page is searchable its prefix matches nothing, so the ask is widened to near misses (fts-match.ts: the
 * vocabulary of its first letter read once per new word, patched after each commit), and costs about what a list
 * query does. So at most a hundred asks a second: a few percent of the requests beside 16 closed-loop clients,
 * about a third beside an open loop of 150 a second. Two outstanding pages are each asked every 20 ms or every
 * answer, whichever is later; the bench prints how many asks it sent a second next to the freshness.
 */
import { httpGetter } from './http-get.ts';
import { summarise } from './latency.ts';

const TICK_MS = 20;
const ASKS_PER_TICK = 2;
const MAX_IN_FLIGHT = 3;
/** A page none of whose probes search returns within this long counts its probes as not found. */
const GIVE_UP_MS = 60_000;

interface Page {
  prefix: string;
  probes: number;
  committedAt: number;
  found: number;
  asking: boolean;
  askedAt: number;
}

export interface FreshnessSummary {
  probes: number;
  probes_found: number;
  freshness_p50_ms: number;
  freshness_p95_ms: number;
  freshness_max_ms: number;
  probe_asks: number;
  probe_asks_per_second: number;
}

export function freshnessProbes(serverUrl: string) {
  const pending = new Set<Page>();
  const samples: number[] = [];
  let probes = 0;
  let asks = 0;
  let inFlight = 0;
  const started = Date.now();
  let idle: (() => void) | null = null;
  const client = httpGetter(serverUrl, MAX_IN_FLIGHT);

  const ask = async (page: Page): Promise<void> => {
    page.asking = true;
    page.askedAt = Date.now();
    inFlight++;
    asks++;
    try {
      const answer = await client.get(`/api/events?keyword=${page.prefix}&per_page=1&fields=card`).then(
        (got) => got.text,
        () => '',
      );
      const total = Math.min(page.probes, Number(/"total":(\d+)/.exec(answer)?.[1] ?? 0));
      const at = Date.now();
      for (; page.found < total; page.found++) samples.push(at - page.committedAt);
      if (page.found === page.probes) pending.delete(page);
    } finally {
      page.asking = false;
      inFlight--;
      if (pending.size === 0) idle?.();
    }
  };

  const timer = setInterval(() => {
    const now = Date.now();
    for (const page of pending) if (now - page.committedAt > GIVE_UP_MS && !page.asking) pending.delete(page);
    const due = [...pending].filter((page) => !page.asking).sort((a, b) => a.askedAt - b.askedAt);
    for (const page of due.slice(0, Math.min(ASKS_PER_TICK, MAX_IN_FLIGHT - inFlight))) void ask(page);
    if (pending.size === 0) idle?.();
  }, TICK_MS);

  return {
    /** A page holding `count` probe words that start with `prefix` committed at `at` (epoch ms). */
    committed(prefix: string, count: number, at: number): void {
      probes += count;
      pending.add({ prefix, probes: count, committedAt: at, found: 0, asking: false, askedAt: 0 });
    },
    /** Waits until every page's probes are found or given up on, and summarises. */
    async stop(): Promise<FreshnessSummary> {
      if (pending.size > 0) await new Promise<void>((resolve) => (idle = resolve));
      clearInterval(timer);
      client.close();
      const seconds = (Date.now() - started) / 1000;
      const fresh = summarise(samples, 0, 1);
      return {
        probes,
        probes_found: samples.length,
        freshness_p50_ms: fresh.p50_ms,
        freshness_p95_ms: fresh.p95_ms,
        freshness_max_ms: fresh.max_ms,
        probe_asks: asks,
        probe_asks_per_second: Math.round((asks / seconds) * 10) / 10,
      };
    },
  };
}
