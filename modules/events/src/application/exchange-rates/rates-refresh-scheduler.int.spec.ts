import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteDocumentStore } from '@evently/sqlite';
import { fixedClock, silentLogger, type DocumentStore, type Scheduler } from '@evently/platform';
import { createTempDataDir, waitFor } from '@evently/platform/testing';
import { BUNDLED_RATES, type RateTable } from '../../domain/currency.ts';
import { createRatesFeed } from '../../infra/exchange-rates/rates-feed.ts';
import { eventsCollections } from '../../infra/collections.ts';
import { createRateBook, type RateBook } from './rate-book.ts';
import { createRatesRefreshScheduler } from './rates-refresh-scheduler.ts';

/** What the local rates server answers: a table, a broken one, an outage or a dropped connection. */
type Answer = { status: number; body: unknown } | 'drop';

const ecbTable = (date: string, usd: number) => ({
  amount: 1,
  base: 'EUR',
  date,
  rates: { USD: usd, BRL: 6, JPY: 160 },
});

describe('exchange rates refreshed by the worker', () => {
  let dir: { dir: string; remove: () => Promise<void> };
  let store: DocumentStore;
  let server: Server;
  let url: string;
  let answer: Answer;
  let requests: number;
  let scheduler: Scheduler | undefined;
  let changed: RateTable[];

  beforeEach(async () => {
    dir = await createTempDataDir('evently-fx-');
    store = await createSqliteDocumentStore({ file: `${dir.dir}/store.db`, clock: fixedClock('2026-11-28T00:00:00Z') });
    await store.init(eventsCollections);
    requests = 0;
    changed = [];
    server = createServer((request, response) => {
      requests += 1;
      if (answer === 'drop') {
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/latest`;
  });

  afterEach(async () => {
    await scheduler?.stop();
    scheduler = undefined;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await store.close();
    await dir.remove();
  });

  const start = (book: RateBook) => {
    scheduler = createRatesRefreshScheduler({
      book,
      fetchTable: createRatesFeed({ url, timeoutMs: 2000 }),
      source: url,
      logger: silentLogger(),
      intervalMs: 20,
      retryMs: 5,
      onChanged: async (table) => {
        changed.push(table);
      },
    });
    scheduler.start();
  };
  const newBook = () => createRateBook({ store, clock: fixedClock('2026-11-28T00:00:00Z'), logger: silentLogger() });
  /** Until the server has answered `count` more requests: rounds of the scheduler, whatever they decided. */
  const rounds = async (count: number) => {
    const until = requests + count;
    await waitFor(() => requests >= until, `${count} more requests to the rates feed`);
  };

  it('stores a good table, dated, for every process; a later table replaces it and re-projects', async () => {
    const book = newBook();
    expect(book.current()).toBe(BUNDLED_RATES);
    answer = { status: 200, body: ecbTable('2026-11-27', 1.05) };
    start(book);
    await waitFor(() => changed.length === 1, 'the first table adopted');
    expect(book.current()).toEqual({
      date: '2026-11-27',
      usdPerUnit: { USD: 1, EUR: 1.05, BRL: 0.175, JPY: 0.0065625 },
    });
    // The same table asked again is not a change: nothing is projected again.
    await rounds(2);
    expect(changed).toHaveLength(1);
    // Another process (an api replica) reads the stored table.
    expect((await newBook().reload()).date).toBe('2026-11-27');

    answer = { status: 200, body: ecbTable('2026-11-28', 1.1) };
    await waitFor(() => changed.length === 2, "the next day's table adopted");
    expect(book.current().usdPerUnit.EUR).toBe(1.1);
    expect(changed.map((table) => table.date)).toEqual(['2026-11-27', '2026-11-28']);
  });

  it('refuses a bad table and keeps the last good one', async () => {
    const book = newBook();
    answer = { status: 200, body: ecbTable('2026-11-27', 1.05) };
    start(book);
    await waitFor(() => changed.length === 1, 'the good table adopted');

    for (const bad of [
      { base: 'EUR', date: '2026-11-28', rates: { USD: 0 } },
      { base: 'EUR', date: '2026-11-28', rates: { JPY: 160 } },
      '<html>maintenance</html>',
    ]) {
      answer = { status: 200, body: bad };
      await rounds(2);
      expect(book.current().date).toBe('2026-11-27');
      expect((await newBook().reload()).usdPerUnit.EUR).toBe(1.05);
    }
    // An older table is not taken either (a lagging mirror of the feed).
    answer = { status: 200, body: ecbTable('2026-11-20', 1.2) };
    await rounds(2);
    expect(book.current().date).toBe('2026-11-27');
    expect(changed).toHaveLength(1);
  });

  it('waits out an outage with the last table and takes the feed again once it is back', async () => {
    const book = newBook();
    answer = { status: 200, body: ecbTable('2026-11-27', 1.05) };
    start(book);
    await waitFor(() => changed.length === 1, 'the good table adopted');

    for (const outage of [{ status: 503, body: { error: 'down' } }, 'drop'] as const) {
      answer = outage;
      await rounds(3);
      expect(book.current()).toEqual({
        date: '2026-11-27',
        usdPerUnit: { USD: 1, EUR: 1.05, BRL: 0.175, JPY: 0.0065625 },
      });
    }
    answer = { status: 200, body: ecbTable('2026-11-28', 1.1) };
    await waitFor(() => changed.length === 2, 'the table after the outage adopted');
    expect(book.current().date).toBe('2026-11-28');
  });

  it('before any table is fetched, and when the feed never answers, prices convert with the bundled table', async () => {
    const book = newBook();
    answer = { status: 503, body: {} };
    start(book);
    await rounds(2);
    expect(book.current()).toBe(BUNDLED_RATES);
    expect(await book.reload()).toBe(BUNDLED_RATES);
  });
});
