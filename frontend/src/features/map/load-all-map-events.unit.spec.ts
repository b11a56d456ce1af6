import { describe, expect, it } from 'vitest';
import type { VisitorEvent } from '../../lib/format/event.ts';
import { loadAllMapEvents, MAP_PAGE_PAUSE_MS, type MapPage } from './load-all-map-events.ts';

const event = (id: number, withCoordinates = true): VisitorEvent => ({
  id,
  name: `Event ${id}`,
  latitude: withCoordinates ? 10 : null,
  longitude: withCoordinates ? 20 : null,
});

function pages(list: MapPage[]) {
  const asked: number[] = [];
  return {
    asked,
    fetchPage: async (page: number) => {
      asked.push(page);
      const result = list[page - 1];
      if (!result) throw new Error(`no page ${page}`);
      return result;
    },
  };
}

describe('loading every map event', () => {
  it('walks the pages in order with the pause between them and keeps only events with coordinates', async () => {
    const source = pages([
      { data: [event(1), event(2, false)], hasNext: true, total: 3 },
      { data: [event(3)], hasNext: false, total: 3 },
    ]);
    const pauses: number[] = [];
    const result = await loadAllMapEvents({
      fetchPage: source.fetchPage,
      signal: new AbortController().signal,
      sleep: async (ms) => void pauses.push(ms),
    });
    expect(source.asked).toEqual([1, 2]);
    expect(pauses).toEqual([MAP_PAGE_PAUSE_MS]);
    expect(result.map((item) => item.id)).toEqual([1, 3]);
  });

  it('stops when aborted and can resume from the reported page', async () => {
    const controller = new AbortController();
    const source = pages([
      { data: [event(1)], hasNext: true, total: 2 },
      { data: [event(2)], hasNext: false, total: 2 },
    ]);
    let resumeAt = { page: 1, events: [] as VisitorEvent[] };
    await expect(
      loadAllMapEvents({
        fetchPage: source.fetchPage,
        signal: controller.signal,
        onProgress: (events, progress) => {
          resumeAt = { page: progress.nextPage, events };
          controller.abort();
        },
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(resumeAt.page).toBe(2);

    const rest = await loadAllMapEvents({
      fetchPage: source.fetchPage,
      signal: new AbortController().signal,
      startPage: resumeAt.page,
      already: resumeAt.events,
      sleep: async () => undefined,
    });
    expect(rest.map((item) => item.id)).toEqual([1, 2]);
    expect(source.asked).toEqual([1, 2]);
  });
});
