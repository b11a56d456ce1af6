import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/store.ts';
import { nearbyApi, toIpCallResult } from './api.ts';
import {
  browserPosition,
  GEOLOCATION_UNSUPPORTED,
  interpretIpResult,
  LocationError,
  type BrowserRefusal,
  type ResolvedLocation,
} from './resolve-location.ts';

export type NearbyStatus = 'idle' | 'requesting' | 'success' | 'error';
type Method = 'browser' | 'ip';

export interface NearbyState {
  status: NearbyStatus;
  location: ResolvedLocation | null;
  error: string | null;
  /** Why the browser's own location failed on the last attempt that asked it (the IP lookup may have stepped in). */
  browserRefusal: BrowserRefusal | null;
}

/**
 * Spec 01 §4 "Nearby location": idle -> requesting -> success | error. A browser failure falls back to the IP
 * lookup on its own; from an error the visitor may retry either way. Only the newest attempt may land.
 */
export function useNearbyLocation(onResolved: (location: ResolvedLocation) => void, initial: ResolvedLocation | null) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<NearbyState>({
    status: initial ? 'success' : 'idle',
    location: initial,
    error: null,
    browserRefusal: null,
  });
  const attempt = useRef(0);
  const lastMethod = useRef<Method>(initial?.source ?? 'browser');
  const lastRefusal = useRef<BrowserRefusal | null>(null);
  // The caller's latest callback, for an answer that lands renders after the attempt started.
  const resolved = useRef(onResolved);
  useLayoutEffect(() => {
    resolved.current = onResolved;
  });

  const lookupIp = useCallback(async (): Promise<ResolvedLocation> => {
    const request = dispatch(nearbyApi.endpoints.lookupIpLocation.initiate(undefined, { forceRefetch: true }));
    try {
      const outcome = await request;
      return interpretIpResult(toIpCallResult(outcome));
    } finally {
      request.unsubscribe();
    }
  }, [dispatch]);

  const run = useCallback(
    async (method: Method, fallbackToIp: boolean) => {
      const ticket = ++attempt.current;
      lastMethod.current = method;
      setState((current) => ({ ...current, status: 'requesting', error: null }));
      // An IP-only attempt keeps what the browser said last: the visitor still needs to know how to allow it.
      let browserRefusal: BrowserRefusal | null = method === 'browser' ? null : lastRefusal.current;
      try {
        let location: ResolvedLocation;
        if (method === 'browser') {
          try {
            location = await browserPosition();
          } catch (browserError) {
            if (browserError instanceof LocationError && browserError.browser) browserRefusal = browserError.browser;
            // Spec 01 §8: a browser without geolocation is an error; a failing one falls back to the IP lookup.
            const unsupported = browserError instanceof Error && browserError.message === GEOLOCATION_UNSUPPORTED;
            if (!fallbackToIp || unsupported || ticket !== attempt.current) throw browserError;
            lastMethod.current = 'ip';
            location = await lookupIp();
          }
        } else {
          location = await lookupIp();
        }
        if (ticket !== attempt.current) return;
        lastRefusal.current = browserRefusal;
        setState({ status: 'success', location, error: null, browserRefusal });
        resolved.current(location);
      } catch (error) {
        if (ticket !== attempt.current) return;
        // The browser's own refusal is told by the panel in its own words (browserRefusal); the message is for the rest.
        const browserOnly = error instanceof LocationError && error.browser !== undefined;
        const message = browserOnly
          ? null
          : error instanceof Error && error.message
            ? error.message
            : 'Failed to resolve location';
        lastRefusal.current = browserRefusal;
        setState((current) => ({ ...current, status: 'error', error: message, browserRefusal }));
      }
    },
    [lookupIp],
  );

  return {
    ...state,
    useMyLocation: useCallback(() => void run('browser', true), [run]),
    useIpFallback: useCallback(() => void run('ip', false), [run]),
    retryBrowser: useCallback(() => void run('browser', false), [run]),
    refetch: useCallback(() => void run(lastMethod.current, lastMethod.current === 'browser'), [run]),
    clear: useCallback(() => {
      attempt.current += 1;
      lastRefusal.current = null;
      setState({ status: 'idle', location: null, error: null, browserRefusal: null });
    }, []),
    /** Takes a location the page already has (a search restored by Back or Forward), or none, without asking. */
    adopt: useCallback((location: ResolvedLocation | null) => {
      attempt.current += 1;
      if (location) lastMethod.current = location.source;
      lastRefusal.current = null;
      setState({ status: location ? 'success' : 'idle', location, error: null, browserRefusal: null });
    }, []),
  };
}
