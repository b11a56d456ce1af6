import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** The visitor's IANA time zone; the server resolves date presets ("today", "this week") in it. */
export function visitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Spec 01 §7: a 204 or 304 answer, or an empty or non-JSON body, is an empty fallback result (null here);
 * each endpoint's transformResponse turns null into its own empty shape.
 */
export async function readJsonOrEmpty(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 304) return null;
  const text = await response.text();
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export const baseQuery = fetchBaseQuery({
  // Absolute so a Request can be built outside a page too (jsdom tests); in the browser it is the same origin.
  baseUrl: `${globalThis.location?.origin ?? ''}/api`,
  prepareHeaders: (headers) => {
    headers.set('X-Timezone', visitorTimeZone());
    return headers;
  },
  responseHandler: readJsonOrEmpty,
});
