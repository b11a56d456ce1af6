/**
 * Writes the bundled sample feeds under `ingestion/samples/` (run once; the output is committed):
 *   tsx ingestion/src/simulator/write-bundled-samples.ts
 * Ticketmaster pages are `events.json` answers; Fever pages are partner-feed pages. Both are read by the file
 * source, so a fresh install goes through exactly the pipeline a live feed would.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLED_SAMPLES_DIR } from '../bundled-samples-dir.ts';
import { generateFeverPlans, generateTicketmasterEvents } from './sample-feeds.ts';

const FROM = new Date('2026-12-01T00:00:00Z');
const SPAN_DAYS = 365;
const TICKETMASTER_EVENTS = 300;
const TICKETMASTER_PAGE = 150;
const FEVER_PLANS = 200;
const FEVER_PAGE = 80;

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, index * size + size),
  );
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await writeFile(path, `${JSON.stringify(value, null, 1)}\n`);
}

const ticketmasterDir = join(BUNDLED_SAMPLES_DIR, 'ticketmaster');
const feverDir = join(BUNDLED_SAMPLES_DIR, 'fever');
await rm(ticketmasterDir, { recursive: true, force: true });
await rm(feverDir, { recursive: true, force: true });
await mkdir(ticketmasterDir, { recursive: true });
await mkdir(feverDir, { recursive: true });

const events = generateTicketmasterEvents({
  count: TICKETMASTER_EVENTS,
  from: FROM,
  spanDays: SPAN_DAYS,
  seed: 2026,
  flaws: true,
});
const eventPages = chunks(events, TICKETMASTER_PAGE);
for (const [number, page] of eventPages.entries()) {
  await writeJson(join(ticketmasterDir, `events-page-${number}.json`), {
    _embedded: { events: page },
    page: { size: TICKETMASTER_PAGE, totalElements: events.length, totalPages: eventPages.length, number },
  });
}

const plans = generateFeverPlans({ count: FEVER_PLANS, from: FROM, spanDays: SPAN_DAYS, seed: 2027, flaws: true });
const planPages = chunks(plans, FEVER_PAGE);
for (const [index, page] of planPages.entries()) {
  const number = index + 1;
  await writeJson(join(feverDir, `plans-page-${number}.json`), {
    data: page,
    pagination: {
      page: number,
      total_pages: planPages.length,
      next: number < planPages.length ? `?page=${number + 1}` : null,
    },
  });
}

const sessions = plans.reduce((sum, plan) => sum + ((plan.sessions as unknown[] | undefined)?.length ?? 0), 0);
console.log(
  `wrote ${events.length} Ticketmaster events and ${plans.length} Fever plans (${sessions} sessions) to ${BUNDLED_SAMPLES_DIR}`,
);
