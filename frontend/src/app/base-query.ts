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

/** What a store hands its queries: the server's renderer (entry-server.tsx) names the API's origin, a page does not. */
export interface QueryContext {
  apiOrigin?: string;
  /**
   * The visitor's User-Agent, which the server's renderer passes on: its requests are made for that visitor, and
   * the API tells people's views from crawlers' by it. A page cannot set the header and needs not.
   */
  userAgent?: string;
}

function apiQueryFor(origin: string) {
  return fetchBaseQuery({
    baseUrl: `${origin}/api`,
    prepareHeaders: (headers, { extra }) => {
      headers.set('X-Timezone', visitorTimeZone());
      const userAgent = (extra as QueryContext | undefined)?.userAgent;
      if (userAgent) headers.set('User-Agent', userAgent);
      return headers;
    },
    responseHandler: readJsonOrEmpty,
  });
}

const queriesByOrigin = new Map<string, ReturnType<typeof apiQueryFor>>();

/**
 * Every endpoint's request to `/api`. In a page the origin is the page's own; outside a page (jsdom tests, the
 * server rendering a first screen) there is no relative URL to resolve, so the store names one.
 */
export const baseQuery: ReturnType<typeof apiQueryFor> = (args, queryApi, extraOptions) => {
  const origin = (queryApi.extra as QueryContext | undefined)?.apiOrigin ?? globalThis.location?.origin ?? '';
  let query = queriesByOrigin.get(origin);
  if (!query) {
    query = apiQueryFor(origin);
    queriesByOrigin.set(origin, query);
  }
  return query(args, queryApi, extraOptions);
};
