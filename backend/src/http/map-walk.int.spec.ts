/**
 * The map's "Show all events" walk on the embedded profile, over HTTP, past the 10,000 result window: the
 * real server with more than 10,000 upcoming events (seeded through the events module's write path and
 * projected), walked the way the client does (`per_page=1000&fields=map_basic`, first page without a cursor,
 * then each answer's `next_cursor`). Every event arrives exactly once, in the listing's order, where `page`
 * stops at the window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESULT_WINDOW } from '@evently/platform';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

interface MapAnswer {
  data: Array<{ id: number; date: string }>;
  pagination: { total: number; has_next: boolean; next_cursor: string | null };
  error?: string;
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const { composition } = server.server;
  // Generated events start from the clock's today onwards; a few hundred over the window leave room for any
  // that the generator dates in the past.
  await composition.events.seed(MAX_RESULT_WINDOW + 600);
  await composition.projectors.drained();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const get = async (query: string): Promise<{ status: number; body: MapAnswer }> => {
  const answer = await fetch(`${server.url}/api/events?${query}`);
  return { status: answer.status, body: (await answer.json()) as MapAnswer };
};

describe('GET /api/events: the map walk past the result window', () => {
  it('reaches every upcoming event with cursors, once each and in date order, where page is refused', async () => {
    const ids: number[] = [];
    const dates: string[] = [];
    let total = 0;
    let cursor: string | null = null;
    let requests = 0;
    do {
      const { status, body } = await get(
        `per_page=1000&fields=map_basic${cursor === null ? '&page=1' : `&cursor=${cursor}`}`,
      );
      expect(status, body.error).toBe(200);
      requests += 1;
      total = body.pagination.total;
      ids.push(...body.data.map((event) => event.id));
      dates.push(...body.data.map((event) => event.date));
      cursor = body.pagination.next_cursor;
      expect(body.pagination.has_next).toBe(cursor !== null);
    } while (cursor !== null && requests < 50);

    expect(total).toBeGreaterThan(MAX_RESULT_WINDOW);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(requests).toBe(Math.ceil(total / 1000));
    expect(dates).toEqual([...dates].sort());
    // Offset paging ends at the window: page 11 of 1000 is a 400 naming page.
    const deep = await get('per_page=1000&fields=map_basic&page=11');
    expect(deep.status).toBe(400);
    expect(deep.body.error).toMatch(/^page:/);
  }, 60_000);
});
