import { eventCoordinates, type VisitorEvent } from '../../lib/format/event.ts';

/** Spec 01 §7 and §9: the full map data comes in pages of 1000 with a 30 ms pause between pages. */
export const MAP_PAGE_SIZE = 1000;
export const MAP_PAGE_PAUSE_MS = 30;

export interface MapPage {
  data: VisitorEvent[];
  hasNext: boolean;
  total: number;
}

export interface MapLoadProgress {
  loaded: number;
  total: number;
  nextPage: number;
  done: boolean;
}

export interface LoadAllOptions {
  fetchPage: (page: number, signal: AbortSignal) => Promise<MapPage>;
  signal: AbortSignal;
  /** Resume point: the page to start from and the events already loaded. */
  startPage?: number;
  already?: VisitorEvent[];
  onProgress?: (events: VisitorEvent[], progress: MapLoadProgress) => void;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function abortError(): Error {
  const error = new Error('Aborted');
  error.name = 'AbortError';
  return error;
}

export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(abortError());
    }, { once: true });
  });
}

/**
 * Fetches every page one after another, keeping only events with coordinates. Abort stops between or during
 * pages; the last reported progress says where a resume should start.
 */
export async function loadAllMapEvents(options: LoadAllOptions): Promise<VisitorEvent[]> {
  const sleep = options.sleep ?? sleepUnlessAborted;
  let events = options.already ?? [];
  let page = options.startPage ?? 1;
  for (;;) {
    if (options.signal.aborted) throw abortError();
    const result = await options.fetchPage(page, options.signal);
    events = events.concat(result.data.filter((event) => eventCoordinates(event) !== undefined));
    const done = !result.hasNext;
    options.onProgress?.(events, { loaded: events.length, total: result.total, nextPage: page + 1, done });
    if (done) return events;
    page += 1;
    await sleep(MAP_PAGE_PAUSE_MS, options.signal);
  }
}
