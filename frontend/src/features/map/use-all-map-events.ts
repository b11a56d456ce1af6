import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/store.ts';
import type { VisitorEvent } from '../../lib/format/event.ts';
import { mapApi } from './api.ts';
import {
  FRESH_START,
  loadAllMapEvents,
  resumePointAfterError,
  type MapLoadProgress,
  type ResumePoint,
} from './load-all-map-events.ts';

export type MapLoadStatus = 'idle' | 'loading' | 'aborted' | 'done' | 'error';

export interface AllMapEvents {
  status: MapLoadStatus;
  events: VisitorEvent[];
  progress: MapLoadProgress | null;
  abort: () => void;
  resume: () => void;
}

/** 'Show all events (map)': loads while enabled, aborts when switched off, and can be aborted and resumed. */
export function useAllMapEvents(enabled: boolean): AllMapEvents {
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<MapLoadStatus>(enabled ? 'loading' : 'idle');
  const [events, setEvents] = useState<VisitorEvent[]>([]);
  const [progress, setProgress] = useState<MapLoadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const resumePoint = useRef<ResumePoint>(FRESH_START);

  // Switching the option on shows the loading state, and off forgets what was loaded, in the same render; the
  // effect below starts or aborts the requests.
  const [seenEnabled, setSeenEnabled] = useState(enabled);
  if (seenEnabled !== enabled) {
    setSeenEnabled(enabled);
    setStatus(enabled ? 'loading' : 'idle');
    if (!enabled) {
      setEvents([]);
      setProgress(null);
    }
  }

  const load = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    loadAllMapEvents({
      signal: current.signal,
      cursor: resumePoint.current.cursor,
      already: resumePoint.current.events,
      fetchPage: async (cursor, signal) => {
        const request = dispatch(mapApi.endpoints.getMapEventsPage.initiate(cursor, { forceRefetch: true }));
        const onAbort = () => request.abort();
        signal.addEventListener('abort', onAbort, { once: true });
        try {
          return await request.unwrap();
        } finally {
          signal.removeEventListener('abort', onAbort);
          request.unsubscribe();
        }
      },
      onProgress: (loaded, step) => {
        if (current.signal.aborted) return;
        resumePoint.current = { cursor: step.cursor, events: loaded };
        setEvents(loaded);
        setProgress(step);
      },
    }).then(
      () => {
        if (controller.current === current) setStatus('done');
      },
      (error: unknown) => {
        if (controller.current !== current) return;
        if (current.signal.aborted) {
          setStatus('aborted');
          return;
        }
        console.error('Loading all map events failed', error);
        resumePoint.current = resumePointAfterError(resumePoint.current, error);
        setStatus('error');
      },
    );
  }, [dispatch]);

  useEffect(() => {
    resumePoint.current = FRESH_START;
    if (enabled) {
      load();
      return;
    }
    // Switching the option off aborts the load.
    controller.current?.abort();
    controller.current = null;
  }, [enabled, load]);

  useEffect(() => () => controller.current?.abort(), []);

  const abort = useCallback(() => controller.current?.abort(), []);
  const resume = useCallback(() => {
    setStatus('loading');
    load();
  }, [load]);

  return { status, events, progress, abort, resume };
}
