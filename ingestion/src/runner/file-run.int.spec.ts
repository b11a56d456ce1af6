/** Feed files of both formats, including unusable records and an unreadable file, through the real events module. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, silentLogger } from '@evently/platform';
import { ingestBundledSamplesIfFresh } from '../bundled-samples.ts';
import { eventsWriterFrom } from '../events-writer.ts';
import { formatRunSummary } from '../progress/run-summary.ts';
import { createFileSource } from '../sources/file/file-source.ts';
import { makeFeverPlan, makeTicketmasterEvent } from '../testing/feed-fixtures.ts';
import { startEventsRuntime, type EventsRuntime } from '../testing/events-runtime.ts';
import { createQuarantineRepository } from './quarantine-repository.ts';
import { runSource } from './run-source.ts';

const clock = fixedClock('2026-11-21T00:00:00Z');
let runtime: EventsRuntime;

beforeEach(async () => {
  runtime = await startEventsRuntime({ clock });
});

afterEach(async () => {
  await runtime.close();
});

const deps = () => ({ store: runtime.store, events: eventsWriterFrom(runtime.events), logger: silentLogger(), clock });

describe('file source runs', () => {
  it('reads both formats from a folder, quarantines unusable records and unreadable files, and goes on', async () => {
    const dir = join(runtime.dataDir, 'feeds');
    await mkdir(join(dir, 'nested'), { recursive: true });
    await writeFile(
      join(dir, 'a-ticketmaster.json'),
      JSON.stringify({
        _embedded: {
          events: [
            makeTicketmasterEvent({ id: 'ok' }),
            makeTicketmasterEvent({ id: 'undated', dates: { timezone: 'UTC' } }),
            makeTicketmasterEvent({
              id: 'ancient',
              dates: { start: { localDate: '1026-05-01', localTime: '20:00:00' }, timezone: 'Europe/Paris' },
            }),
          ],
        },
        page: { size: 3, totalElements: 3, totalPages: 1, number: 0 },
      }),
    );
    await writeFile(join(dir, 'nested', 'b-fever.json'), JSON.stringify({ data: [makeFeverPlan({ id: 'plan' })] }));
    await writeFile(join(dir, 'c-broken.json'), '{"data": [');

    const result = await runSource(deps(), createFileSource({ paths: [dir], pageSize: 2 }));
    expect(result.status).toBe('completed');
    expect(result.counts).toMatchObject({ fetched: 5, created: 2, quarantined: 3 });
    const reasons = (await createQuarantineRepository(runtime.store).list())
      .map((entry) => entry.reason.replace(/ \(.*$/, '').replace(/:.*$/, ''))
      .sort();
    expect(reasons).toEqual(['date in the wrong century', 'no date', 'unreadable feed file']);
    expect((await runtime.events.queries.listActiveExternalIds('fever')).length).toBe(1);
  });

  it('quarantines records whose buy link leaves the seller domains, and counts them in the summary', async () => {
    const dir = join(runtime.dataDir, 'phish');
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, 'ticketmaster.json'),
      JSON.stringify({
        _embedded: {
          events: [
            makeTicketmasterEvent({ id: 'real', url: 'https://www.ticketmaster.es/event/real' }),
            makeTicketmasterEvent({ id: 'phish', url: 'https://evil.example/phish' }),
            makeTicketmasterEvent({ id: 'lookalike', url: 'https://ticketmaster.com.evil.example/buy' }),
          ],
        },
        page: { size: 3, totalElements: 3, totalPages: 1, number: 0 },
      }),
    );
    await writeFile(
      join(dir, 'fever.json'),
      JSON.stringify({ data: [makeFeverPlan({ id: 'plan', url: 'https://evil.example/fever' })] }),
    );

    const result = await runSource(deps(), createFileSource({ paths: [dir] }));
    expect(result.counts).toMatchObject({ fetched: 4, created: 1, quarantined: 3, off_domain_links: 3 });
    expect(await runtime.events.queries.listActiveExternalIds('ticketmaster')).toEqual(['real']);
    expect(await runtime.events.queries.listActiveExternalIds('fever')).toEqual([]);
    const reasons = (await createQuarantineRepository(runtime.store).list()).map((entry) => entry.reason).sort();
    expect(reasons).toEqual([
      'original_url outside the allowed seller domains of fever: evil.example',
      'purchase_url outside the allowed seller domains of ticketmaster: evil.example',
      'purchase_url outside the allowed seller domains of ticketmaster: ticketmaster.com.evil.example',
    ]);
    expect(formatRunSummary(result)).toContain('quarantined 3 (3 for links outside the seller domains)');
  });

  it('takes the allow-list from the configuration when one is given', async () => {
    const dir = join(runtime.dataDir, 'reseller');
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, 'fever.json'),
      JSON.stringify({ data: [makeFeverPlan({ id: 'plan', url: 'https://tickets.partner.example/p' })] }),
    );
    const result = await runSource(
      { ...deps(), linkDomains: { fever: ['feverup.com', 'partner.example'] } },
      createFileSource({ paths: [dir] }),
    );
    expect(result.counts).toMatchObject({ quarantined: 0, off_domain_links: 0 });
    expect((await runtime.events.queries.listActiveExternalIds('fever')).length).toBeGreaterThan(0);
  });

  it('ingests the bundled samples once on a fresh data directory, and never again', async () => {
    const first = await ingestBundledSamplesIfFresh(deps());
    expect(first?.status).toBe('completed');
    expect(first?.counts.fetched).toBe(500);
    const ticketmaster = await runtime.events.queries.listActiveExternalIds('ticketmaster');
    const fever = await runtime.events.queries.listActiveExternalIds('fever');
    expect(ticketmaster.length).toBeGreaterThan(250);
    expect(fever.length).toBeGreaterThan(300);
    expect(first?.counts.created).toBe(ticketmaster.length + fever.length);
    expect(await ingestBundledSamplesIfFresh(deps())).toBeNull();
  });
});
