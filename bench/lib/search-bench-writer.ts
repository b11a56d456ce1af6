/**
 * The search benchmark's feed: writes generated events into a DATA_DIR through the ingestion write path (the
 * events module's batched upsert with its offer matcher, the store, the log), while a projector indexes them
 * and the bench reads. `--writes-per-second N` paces pages of events over the second, as an ingestion worker
 * paging through a feed does; `--bulk` writes pages back to back, as a full sync or `npm run seed` does.
 *
 * Freshness: one event in every `--probe-every` (20) carries a word no other event holds, so a bulk page holds
 * dozens of probes and a paced page one or more; the words of a page share a prefix. Once the page has
 * committed, the writer reports the prefix, how many of its probes became searchable documents (not offers linked
 * to a show already listed) and the commit's time, and the bench
 * (at the normal priority, unlike this process) counts them in the server's search (freshness-probes.ts).
 *
 * Talks to the bench with `BENCH {json}` lines on stdout; `stop` on stdin ends the writes and reports.
 */
import { createInterface } from 'node:readline';
import { generateDemoEvents, type SourceEventInput } from '@evently/events';
import { flagArg, numberArg, stringArg } from './args.ts';
import { openEmbeddedStack } from './embedded-stack.ts';
import { yieldToServing } from '../../backend/src/processes/yield-to-serving.ts';

const args = process.argv.slice(2);
const dataDir = stringArg(args, 'data-dir');
if (!dataDir) throw new Error('usage: search-bench-writer.ts --data-dir <dir> (--writes-per-second N | --bulk)');
const bulk = flagArg(args, 'bulk');
const rate = numberArg(args, 'writes-per-second', 500);
const probeEvery = numberArg(args, 'probe-every', 20);
/** An ingestion page of a feed (the Ticketmaster source reads 200 a page); a bulk load writes the seed's batches. */
const pageSize = bulk ? 1000 : Math.max(1, Math.min(200, Math.round(rate / 10)));

const say = (message: Record<string, unknown>) => process.stdout.write(`BENCH ${JSON.stringify(message)}\n`);

// This process only writes: its own search connection needs no reader threads, and it runs at the priority
// the ingestion role's feed workers run at.
process.env.SEARCH_READER_THREADS = '0';
yieldToServing();
const stack = await openEmbeddedStack(dataDir);
const existing = await stack.store.count('events');
const run = Date.now().toString(36);
const events = generateDemoEvents({
  count: 10_000_000,
  seed: 7000 + existing,
  idPrefix: `feed${run}`,
  startIndex: existing,
  now: new Date(),
});

let stopping = false;
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'stop') stopping = true;
});

let written = 0;
let pages = 0;
let probes = 0;
let probesLinked = 0;
const started = performance.now();
/** When the next page is due at the asked rate. */
let dueAt = started;
const MOST_CATCH_UP_MS = 1000;

/**
 * The prefix the probe words of one page share, and a word only one event holds: fixed lengths, so no page's
 * prefix starts another page's words, and three characters between prefix and word, so a search for a prefix
 * none of whose words are searchable yet never widens to other pages' words as near misses (two edits at most).
 */
const pagePrefix = (page: number) => `zq${run}${page.toString(36).padStart(5, '0')}`;
const probeWord = (prefix: string, n: number) => `${prefix}${n.toString(36).padStart(3, '0')}`;

say({ type: 'writer-ready', page_size: pageSize, bulk });
// How many events are written so far, each second: the bench reads the rate achieved while each type ran.
const progress = setInterval(() => say({ type: 'written', written }), 1000);
while (!stopping) {
  const page: SourceEventInput[] = [];
  for (let i = 0; i < pageSize; i++) page.push(events.next().value as SourceEventInput);
  const prefix = pagePrefix(pages++);
  const probeAt: number[] = [];
  for (let i = 0; i < page.length; i++) {
    if ((written + i) % probeEvery !== 0) continue;
    page[i] = { ...page[i]!, name: `${page[i]!.name} ${probeWord(prefix, probeAt.length)}` };
    probeAt.push(i);
  }
  const results = await stack.events.commands.upsertManyFromSource(page);
  written += page.length;
  // A record the offer matcher links to a show already listed becomes one of that show's offers and is never a
  // document of its own, so its word is never searchable: only the others are waited for.
  const planted = probeAt.filter((i) => !results[i]?.linked_to).length;
  probes += planted;
  probesLinked += probeAt.length - planted;
  if (planted > 0) say({ type: 'committed', prefix, probes: planted, at: Date.now() });
  // Paced: the next page is due when the rate allows it, counted from the last page's due time (no drift). A
  // writer that fell behind catches up at most a second's worth, as a feed worker reading a paced API does: it
  // does not write the events of a long stall in one burst (which would load a type read later far beyond the
  // rate). Behind the rate or in bulk, the loop still yields once a page, so `stop`, the progress lines and the
  // probes get their turn.
  dueAt = Math.max(dueAt, performance.now() - MOST_CATCH_UP_MS) + (page.length / rate) * 1000;
  const wait = bulk ? 0 : dueAt - performance.now();
  await new Promise((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve)));
}
const seconds = (performance.now() - started) / 1000;
clearInterval(progress);
say({
  type: 'writer-done',
  written,
  seconds,
  writes_per_second: written / seconds,
  probes,
  probes_linked: probesLinked,
});
await stack.close();
process.exit(0);
