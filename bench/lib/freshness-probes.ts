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
 * The asking must take little from the readers the bench measures. Until its page is searchable a probe's prefix
 * matches nothing, so each ask is widened to near misses of a new word (fts-match.ts) and costs about what a
 * list query does. Following every page a paced feed commits (ten a second), each asked every 20 ms, took some
 * sixty asks a second: beside an open loop of 150 requests a second, about two fifths of the reader threads' CPU.
 * So one page is followed at a time, asked at most every `ASK_EVERY_MS` (the samples' resolution), and the pages
 * committed meanwhile are not followed; once it is found (or given up on), the next page committed is. That is
 * at most twenty asks a second and still some ten samples a second at 500 events/s. The bench prints how many
 * pages it followed and how many asks it sent a second next to the freshness.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { httpGetter } from './http-get.ts';
import { summarise } from './latency.ts';

/** How soon a followed page is asked again after its previous ask was sent (or answered, if that is later). */
export const ASK_EVERY_MS = 50;
/** A page none of whose probes search returns within this long counts its probes as not found. */
const GIVE_UP_MS = 60_000;

interface Page {
  prefix: string;
  probes: number;
  committedAt: number;
  found: number;
}

export interface FreshnessSummary {
  /** Probes of the pages followed; those of the pages committed while another was followed are not waited for. */
  probes_followed: number;
  probes_found: number;
  pages_committed: number;
  pages_followed: number;
  freshness_p50_ms: number;
  freshness_p95_ms: number;
  freshness_max_ms: number;
  probe_asks: number;
  probe_asks_per_second: number;
}

export function freshnessProbes(serverUrl: string) {
  const samples: number[] = [];
  let probesFollowed = 0;
  let asks = 0;
  let pagesCommitted = 0;
  let pagesFollowed = 0;
  let followed: Promise<void> | null = null;
  const started = Date.now();
  const client = httpGetter(serverUrl, 1);

  /** Asks once how many of the page's probes search returns, and takes a sample for each newly found. */
  const countFound = async (page: Page): Promise<void> => {
    asks++;
    const answer = await client.get(`/api/events?keyword=${page.prefix}&per_page=1&fields=card`).then(
      (got) => got.text,
      () => '',
    );
    const total = Math.min(page.probes, Number(/"total":(\d+)/.exec(answer)?.[1] ?? 0));
    const at = Date.now();
    for (; page.found < total; page.found++) samples.push(at - page.committedAt);
  };

  const follow = async (page: Page): Promise<void> => {
    while (page.found < page.probes && Date.now() - page.committedAt <= GIVE_UP_MS) {
      const askedAt = Date.now();
      await countFound(page);
      const wait = askedAt + ASK_EVERY_MS - Date.now();
      if (page.found < page.probes && wait > 0) await delay(wait);
    }
  };

  return {
    /**
     * A page holding `count` probe words that start with `prefix` committed at `at` (epoch ms). Returns its
     * following, done once its probes are found or given up on; null when another page is followed.
     */
    committed(prefix: string, count: number, at: number): Promise<void> | null {
      pagesCommitted++;
      if (followed !== null) return null;
      pagesFollowed++;
      probesFollowed += count;
      followed = follow({ prefix, probes: count, committedAt: at, found: 0 }).finally(() => (followed = null));
      return followed;
    },
    /** Waits until the followed page's probes are found or given up on, and summarises. */
    async stop(): Promise<FreshnessSummary> {
      await followed;
      client.close();
      const seconds = (Date.now() - started) / 1000;
      const fresh = summarise(samples, 0, 1);
      return {
        probes_followed: probesFollowed,
        probes_found: samples.length,
        pages_committed: pagesCommitted,
        pages_followed: pagesFollowed,
        freshness_p50_ms: fresh.p50_ms,
        freshness_p95_ms: fresh.p95_ms,
        freshness_max_ms: fresh.max_ms,
        probe_asks: asks,
        probe_asks_per_second: Math.round((asks / seconds) * 10) / 10,
      };
    },
  };
}
