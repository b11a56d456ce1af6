import { describe, expect, it } from 'vitest';
import type { VisitorEvent } from '../../lib/format/event.ts';
import { mapPageParams, toMapPage } from './api.ts';
import { loadAllMapEvents, MAP_PAGE_PAUSE_MS, resumePointAfterError, type MapPage } from './load-all-map-events.ts';

const event = (id: number, withCoordinates = true): VisitorEvent => ({
  id,
  name: `Event ${id}`,
  latitude: withCoordinates ? 10 : null,
  longitude: withCoordinates ? 20 : null,
});

/** Pages keyed by the cursor that asks for them ('' for the first page, asked without one). */
function pages(list: Record<string, MapPage>) {
  const asked: Array<string | null> = [];
  return {
    asked,
    fetchPage: async (cursor: string | null) => {
      asked.push(cursor);
      const result = list[cursor ?? ''];
      if (!result) throw new Error(`no page after ${cursor}`);
      return result;
    },
  };
}

describe('loading every map event', () => {
  it('asks the first page without a cursor, then each next page with the cursor of the answer before it', async () => {
    const source = pages({
      '': { data: [event(1), event(2, false)], nextCursor: 'c2', total: 4 },
      c2: { data: [event(3)], nextCursor: 'c3', total: 4 },
      c3: { data: [event(4)], nextCursor: null, total: 4 },
    });
    const pauses: number[] = [];
    const result = await loadAllMapEvents({
      fetchPage: source.fetchPage,
      signal: new AbortController().signal,
      sleep: async (ms) => void pauses.push(ms),
    });
    expect(source.asked).toEqual([null, 'c2', 'c3']);
    expect(pauses).toEqual([MAP_PAGE_PAUSE_MS, MAP_PAGE_PAUSE_MS]);
    // Events without coordinates are not kept.
    expect(result.map((item) => item.id)).toEqual([1, 3, 4]);
  });

  it('stops when aborted and resumes from the last cursor it reported', async () => {
    const controller = new AbortController();
    const source = pages({
      '': { data: [event(1)], nextCursor: 'c2', total: 2 },
      c2: { data: [event(2)], nextCursor: null, total: 2 },
    });
    let resumeAt = { cursor: null as string | null, events: [] as VisitorEvent[] };
    await expect(
      loadAllMapEvents({
        fetchPage: source.fetchPage,
        signal: controller.signal,
        onProgress: (events, progress) => {
          resumeAt = { cursor: progress.cursor, events };
          controller.abort();
        },
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(resumeAt.cursor).toBe('c2');

    const progress: boolean[] = [];
    const rest = await loadAllMapEvents({
      fetchPage: source.fetchPage,
      signal: new AbortController().signal,
      cursor: resumeAt.cursor,
      already: resumeAt.events,
      onProgress: (_events, step) => void progress.push(step.done),
      sleep: async () => undefined,
    });
    expect(rest.map((item) => item.id)).toEqual([1, 2]);
    expect(source.asked).toEqual([null, 'c2']);
    expect(progress).toEqual([true]);
  });
});

describe('map page requests and answers', () => {
  it('asks page 1 first and then by cursor, 1000 light events at a time', () => {
    expect(mapPageParams(null)).toEqual({ per_page: 1000, page: 1, fields: 'map_basic' });
    expect(mapPageParams('abc_-1')).toEqual({ per_page: 1000, cursor: 'abc_-1', fields: 'map_basic' });
  });

  it('reads the next cursor; an answer without one (or an empty fallback) is the last page', () => {
    expect(toMapPage({ data: [event(1)], pagination: { total: 5, has_next: true, next_cursor: 'c2' } })).toEqual({
      data: [event(1)],
      nextCursor: 'c2',
      total: 5,
    });
    expect(toMapPage({ data: [event(1)], pagination: { total: 1, has_next: false, next_cursor: null } })).toMatchObject(
      { nextCursor: null },
    );
    expect(toMapPage('')).toEqual({ data: [], nextCursor: null, total: 0 });
  });
});

describe('where Resume starts after a failed page', () => {
  const point = { cursor: 'c7', events: [event(1)] };

  it('starts over when the server refused the cursor (a 400)', () => {
    expect(
      resumePointAfterError(point, { status: 400, data: { error: 'cursor: made for another sort order' } }),
    ).toEqual({ cursor: null, events: [] });
  });

  it('keeps its place when the page failed for any other reason', () => {
    expect(resumePointAfterError(point, { status: 503 })).toBe(point);
    expect(resumePointAfterError(point, { status: 'FETCH_ERROR', error: 'offline' })).toBe(point);
    expect(resumePointAfterError(point, new Error('boom'))).toBe(point);
  });
});
