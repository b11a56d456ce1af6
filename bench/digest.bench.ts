/**
 * The weekly digest batch at scale: N confirmed subscribers holding M distinct saved searches over a generated
 * catalogue of E events, on the embedded profile's engines in a fresh DATA_DIR, or in the existing directory
 * --data-dir names (a seeded one is topped up to E events; it is kept). The batch runs as the scheduler runs it, through the subscriptions module's door, with the
 * events module's savedSearchMatches as its catalogue; mail goes to a mailer that only counts (the SMTP relay's
 * own time is not ours to measure). Prints the phases, the batch's progress lines, and a summary with the load
 * average; writes bench/results/digest-<time>.json.
 * Usage: `USAGE` below.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import {
  createAdminAuth,
  createOutboxRelay,
  createProjectorRunner,
  seededRandom,
  systemClock,
  type MailMessage,
  type Mailer,
} from '@evently/platform';
import { CATEGORIES } from '@evently/events';
import { createSubscriptionsModule } from '@evently/subscriptions';
import { existingDirArg, numberArg } from './lib/args.ts';
import { openEmbeddedStack } from './lib/embedded-stack.ts';
import { runBench, type BenchScope } from './lib/run-bench.ts';
import { createMailer } from '@evently/mail';

const USAGE = 'npm run bench:digest -- [--events 20000] [--subscribers 100000] [--searches 10000] [--data-dir DIR]';

const KEYWORDS = [
  null,
  null,
  'jazz',
  'rock',
  'festival',
  'comedy',
  'market',
  'yoga',
  'meetup',
  'wine',
  'art',
  'techno',
  'tasting',
  'workshop',
  'cinema',
  'marathon',
];
const PRICE_CAPS = [null, null, 20, 50, 100];
const RADII = [10, 25, 50, 100];
const DATE_PRESETS = [null, null, null, 'this_week'] as const;

const log = (line: string) => console.log(`[bench:digest] ${line}`);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(scope: BenchScope) {
  const args = process.argv.slice(2);
  const eventCount = numberArg(args, 'events', 20_000);
  const subscriberCount = numberArg(args, 'subscribers', 100_000);
  const searchCount = numberArg(args, 'searches', 10_000);
  const givenDir = existingDirArg(args, 'data-dir');
  const dataDir = givenDir ?? (await mkdtemp(join(tmpdir(), 'evently-bench-digest-')));
  if (!givenDir) scope.onClose('the temporary DATA_DIR', () => rm(dataDir, { recursive: true, force: true }));
  log(`DATA_DIR ${dataDir}; load average ${load()}`);
  const stack = scope.closing('the embedded stack', await openEmbeddedStack(dataDir));
  const relay = createOutboxRelay({ outbox: stack.store.outbox, bus: stack.bus, logger: stack.logger });
  relay.start();
  scope.onClose('the outbox relay', () => relay.stop());
  const runner = createProjectorRunner({ bus: stack.bus, projectors: stack.events.projectors, logger: stack.logger });
  scope.onClose('the projector runner', () => runner.stop());
  await runner.start();

  const seedStarted = Date.now();
  const present = await stack.store.count('events');
  if (present < eventCount) {
    log(`seeding ${eventCount - present} events...`);
    await stack.events.seed(eventCount - present, (done) => {
      if (done % 5000 === 0) log(`  ${done} events written`);
    });
  }
  await runner.drained();
  const seedMs = Date.now() - seedStarted;
  log(`catalogue ready: ${await stack.store.count('events')} events (${seconds(seedMs)})`);

  // Places to search from: real events' cities and points.
  // Whole events (no `fields`), so each carries its place.
  const sample = await stack.events.queries.search({ per_page: 1000, sort_by: 'popularity', sort_order: 'desc' });
  type Placed = { city?: string | null; country?: string | null; latitude?: number | null; longitude?: number | null };
  const places = (sample.data as Placed[])
    .filter(
      (event) =>
        typeof event.latitude === 'number' && typeof event.longitude === 'number' && event.city && event.country,
    )
    .map((event) => ({
      city: event.city as string,
      country: event.country as string,
      lat: event.latitude as number,
      lon: event.longitude as number,
    }));
  if (places.length === 0) throw new Error('no events with a place to search from');

  // M distinct searches, built at random and kept only when new.
  const random = seededRandom(7);
  const searches = new Map<string, Record<string, unknown>>();
  while (searches.size < searchCount) {
    const place = random.pick(places);
    const centred = random.int(0, 3) === 0;
    const search = {
      country: centred ? '' : place.country,
      city: centred ? '' : place.city,
      radius_km: random.pick(RADII),
      search: {
        keyword: random.pick(KEYWORDS),
        category: random.int(0, 2) === 0 ? random.pick([...CATEGORIES]) : null,
        min_price: null,
        max_price: random.pick(PRICE_CAPS),
        date_preset: random.pick([...DATE_PRESETS]),
        centre: centred
          ? {
              lat: Math.round(place.lat * 1000) / 1000 + random.int(-20, 20) / 1000,
              lon: Math.round(place.lon * 1000) / 1000,
            }
          : null,
      },
    };
    searches.set(JSON.stringify(search), search);
  }
  const distinct = [...searches.values()];

  let mailed = 0;
  const countingMailer: Mailer = {
    kind: 'smtp',
    async send(message: MailMessage) {
      mailed += 1;
      return { messageId: message.messageId ?? String(mailed), destination: 'counted' };
    },
    async close() {},
  };
  let questions = 0;
  let catalogueMs = 0;
  // The batch asks several questions at once while it mails: the wall time with any question in flight is the
  // catalogue's share of the batch, the sum of their times is what the questions cost.
  let inFlight = 0;
  let busySince = 0;
  let catalogueBusyMs = 0;
  const logger = pino({ level: 'info', base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
  const auth = createAdminAuth({ password: 'bench-admin-password', logger: stack.logger });
  const subscriptions = createSubscriptionsModule(
    {
      store: stack.store,
      bus: stack.bus,
      search: stack.search,
      clock: systemClock,
      logger,
      requireAdmin: auth.requireAdmin,
      isAdmin: auth.isAdmin,
      publicUrl: 'http://bench.example',
      dataDir,
      openMailer: createMailer,
    },
    {
      appName: 'Evently',
      mailer: countingMailer,
      catalogue: {
        cityCoordinates: async (city, country) => {
          const found = await stack.events.queries.cityCoordinates(city, country);
          return found ? { lat: found.latitude, lon: found.longitude } : null;
        },
        matching: async (query) => {
          questions += 1;
          const started = performance.now();
          if (inFlight++ === 0) busySince = started;
          try {
            return await stack.events.queries.savedSearchMatches(query);
          } finally {
            const ended = performance.now();
            catalogueMs += ended - started;
            if (--inFlight === 0) catalogueBusyMs += ended - busySince;
          }
        },
      },
    },
  );
  scope.onClose('the subscriptions module', () => subscriptions.close?.());
  await stack.store.init(subscriptions.collections);
  await stack.bus.init(subscriptions.topics);

  // Confirmed subscribers written straight through the store port (the bench measures the batch, not sign-ups);
  // rows carry no search_key, so the module groups them by its own key.
  const writeStarted = Date.now();
  const now = new Date().toISOString();
  const BATCH = 2000;
  for (let first = 0; first < subscriberCount; first += BATCH) {
    await stack.store.transaction(async (tx) => {
      for (let i = first; i < Math.min(first + BATCH, subscriberCount); i += 1) {
        const chosen = distinct[i % distinct.length]!;
        const email = `reader${i}@bench.example`;
        await tx.insert<Record<string, unknown>>('subscribers', {
          email,
          name: null,
          country: chosen.country,
          city: chosen.city,
          radius_km: chosen.radius_km,
          search: chosen.search,
          has_filters: true,
          is_active: true,
          confirmed_at: now,
          unsubscribe_token: `bench-token-${i}-${'x'.repeat(16)}`,
          last_sent_at: null,
          identity_key: `${email}|${i}`,
          email_key: email,
          country_key: String(chosen.country).toLowerCase(),
          city_key: String(chosen.city).toLowerCase(),
        });
      }
    });
    if ((first + BATCH) % 20_000 === 0) log(`  ${first + BATCH} subscribers written`);
  }
  log(
    `${subscriberCount} subscribers over ${distinct.length} distinct searches written (${seconds(Date.now() - writeStarted)})`,
  );

  const loadBefore = load();
  log(`batch starting; load average ${loadBefore}`);
  const batchStarted = Date.now();
  const result = await subscriptions.runDigestBatch();
  const batchMs = Date.now() - batchStarted;
  const loadAfter = load();
  const summary = {
    events: await stack.store.count('events'),
    subscribers: subscriberCount,
    distinct_searches: distinct.length,
    result,
    mails_counted: mailed,
    catalogue_questions: questions,
    batch_s: batchMs / 1000,
    catalogue_s: catalogueMs / 1000,
    catalogue_busy_s: catalogueBusyMs / 1000,
    per_question_ms: questions ? catalogueMs / questions : null,
    per_subscriber_ms: (batchMs - catalogueBusyMs) / subscriberCount,
    load_before: loadBefore,
    load_after: loadAfter,
  };
  log(
    `batch: ${seconds(batchMs)} for ${subscriberCount} subscribers, ${questions} catalogue questions (${seconds(catalogueMs)}, ${summary.per_question_ms?.toFixed(1)} ms each; some in flight for ${seconds(catalogueBusyMs)}), ${mailed} mails`,
  );
  log(
    `per subscriber while no question was in flight: ${summary.per_subscriber_ms.toFixed(2)} ms; load average ${loadBefore} -> ${loadAfter}`,
  );
  console.log(JSON.stringify(summary));
  const resultsDir = new URL('./results/', import.meta.url).pathname;
  await mkdir(resultsDir, { recursive: true });
  await writeFile(join(resultsDir, `digest-${Date.now()}.json`), JSON.stringify(summary, null, 2));
}

runBench('bench:digest', USAGE, main);
