import { useCallback, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/store.ts';
import { nearbyApi, toIpCallResult } from './api.ts';
import { browserPosition, GEOLOCATION_UNSUPPORTED, interpretIpResult, type ResolvedLocation } from './resolve-location.ts';

export type NearbyStatus = 'idle' | 'requesting' | 'success' | 'error';
type Method = 'browser' | 'ip';

export interface NearbyState {
  status: NearbyStatus;
  location: ResolvedLocation | null;
  error: string | null;
}

/**
 * Spec 01 §4 "Nearby location": idle -> requesting -> success | error. A browser failure falls back to the IP
 * lookup on its own; from an error the visitor may retry either way. Only the newest attempt may land.
 */
export function useNearbyLocation(onResolved: (location: ResolvedLocation) => void, initial: ResolvedLocation | null) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<NearbyState>({ status: initial ? 'success' : 'idle', location: initial, error: null });
  const attempt = useRef(0);
  const lastMethod = useRef<Method>(initial?.source ?? 'browser');
  const resolved = useRef(onResolved);
  resolved.current = onResolved;

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
      try {
        let location: ResolvedLocation;
        if (method === 'browser') {
          try {
            location = await browserPosition();
          } catch (browserError) {
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
        setState({ status: 'success', location, error: null });
        resolved.current(location);
      } catch (error) {
        if (ticket !== attempt.current) return;
        const message = error instanceof Error && error.message ? error.message : 'Failed to resolve location';
        setState((current) => ({ ...current, status: 'error', error: message }));
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
      setState({ status: 'idle', location: null, error: null });
    }, []),
    /** Takes a location the page already has (a search restored by Back or Forward), or none, without asking. */
    adopt: useCallback((location: ResolvedLocation | null) => {
      attempt.current += 1;
      if (location) lastMethod.current = location.source;
      setState({ status: location ? 'success' : 'idle', location, error: null });
    }, []),
  };
}
