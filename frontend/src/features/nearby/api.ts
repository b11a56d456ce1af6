import { api } from '../../app/api.ts';
import type { IpCallResult } from './resolve-location.ts';

export const nearbyApi = api.injectEndpoints({
  endpoints: (build) => ({
    lookupIpLocation: build.query<unknown, void>({
      query: () => '/geo/ip',
      providesTags: ['GeoIp'],
      keepUnusedDataFor: 0,
    }),
  }),
});

/** Turns the RTK Query outcome into the neutral shape the location rules read. */
export function toIpCallResult(outcome: { data?: unknown; error?: unknown }): IpCallResult {
  if (!outcome.error) return { ok: true, body: outcome.data ?? null };
  const error = outcome.error as { status?: unknown; error?: unknown; message?: unknown; data?: unknown };
  if (typeof error.status === 'number') {
    const reason = (error.data as { reason?: unknown } | null | undefined)?.reason;
    return { ok: false, status: error.status, ...(typeof reason === 'string' ? { reason } : {}) };
  }
  const message =
    typeof error.error === 'string' ? error.error : typeof error.message === 'string' ? error.message : undefined;
  return { ok: false, message };
}
