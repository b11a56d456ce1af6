import { eventCoordinates, type VisitorEvent } from '../../lib/format/event.ts';

/**
 * Spec 01 §7 and §9: the full map data comes in pages of 1000 with a 30 ms pause between pages. The first page
 * is `page=1`; each next one is asked with the previous answer's `pagination.next_cursor` (decision 019), so
 * the walk reaches every event, past the 10,000 results that `page` can reach.
 */
export const MAP_PAGE_SIZE = 1000;
export const MAP_PAGE_PAUSE_MS = 30;

export interface MapPage {
  data: VisitorEvent[];
  /** The cursor of the next page; null on the last one. */
  nextCursor: string | null;
  total: number;
}

export interface MapLoadProgress {
  loaded: number;
  total: number;
  /** Where a resume starts: the cursor of the page not loaded yet (null: the first page). */
  cursor: string | null;
  done: boolean;
}

export interface LoadAllOptions {
  /** One page: the first with `cursor` null, then the page after the cursor. */
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<MapPage>;
  signal: AbortSignal;
  /** Resume point: the cursor of the page to start from and the events already loaded. */
  cursor?: string | null;
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
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(abortError());
      },
      { once: true },
    );
  });
}

/**
 * Fetches every page one after another, keeping only events with coordinates. Abort stops between or during
 * pages; the last reported progress says where a resume should start.
 */
export async function loadAllMapEvents(options: LoadAllOptions): Promise<VisitorEvent[]> {
  const sleep = options.sleep ?? sleepUnlessAborted;
  let events = options.already ?? [];
  let cursor = options.cursor ?? null;
  for (;;) {
    if (options.signal.aborted) throw abortError();
    const result = await options.fetchPage(cursor, options.signal);
    events = events.concat(result.data.filter((event) => eventCoordinates(event) !== undefined));
    const done = result.nextCursor === null;
    options.onProgress?.(events, { loaded: events.length, total: result.total, cursor: result.nextCursor, done });
    if (done) return events;
    cursor = result.nextCursor;
    await sleep(MAP_PAGE_PAUSE_MS, options.signal);
  }
}

export interface ResumePoint {
  cursor: string | null;
  events: VisitorEvent[];
}

export const FRESH_START: ResumePoint = { cursor: null, events: [] };

/**
 * Where Resume starts after a failed page. A 400 means the server refused the cursor itself (made before a
 * deploy changed the order, or by another engine): asking with it again would fail again, so the walk starts
 * over. Anything else (offline, a 5xx) keeps the point so nothing loaded is fetched twice.
 */
export function resumePointAfterError(point: ResumePoint, error: unknown): ResumePoint {
  const refused = typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 400;
  return refused ? FRESH_START : point;
}
