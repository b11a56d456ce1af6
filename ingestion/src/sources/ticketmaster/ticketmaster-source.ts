/**
 * Ticketmaster Discovery v2: `GET {baseUrl}/events.json?apikey=...`, one scope per configured country or
 * city (or the whole feed when none is configured), each read window by window, page by page.
 */
import { z } from 'zod';
import { countryName, cityName } from '../../normalize/place-names.ts';
import { SourceRequestError } from '../../http/source-errors.ts';
import type { Cursor, IngestionSource, PageContext, SourcePage, SourceScope } from '../source.ts';
import { normalizeTicketmasterEvent, TICKETMASTER_SOURCE } from './normalize-ticketmaster.ts';
import { ticketmasterPageSchema } from './ticketmaster-payload.ts';
import { initialWindow, splitWindow, windowSeconds, type TimeWindow } from './time-windows.ts';

export interface TicketmasterSourceOptions {
  baseUrl: string;
  apiKey: string;
  /** ISO country codes, each its own scope. */
  countries?: string[];
  /** Cities, each its own scope; `countryCode` narrows a name that exists in several countries. */
  cities?: Array<{ name: string; countryCode?: string }>;
  /** Results per page; Ticketmaster allows at most 200. */
  pageSize?: number;
  /** How far ahead to read. */
  horizonDays?: number;
  /** The deep-paging limit: `size * page` must stay below it. */
  deepPagingLimit?: number;
  /** Windows are never cut shorter than this; a fuller one is read up to the limit and a warning logged. */
  minWindowSeconds?: number;
  requestsPerSecond?: number;
}

const cursorSchema = z.object({
  windows: z.array(z.object({ from: z.string(), to: z.string() })),
  page: z.number().int().nonnegative(),
});
type TicketmasterCursor = z.infer<typeof cursorSchema>;

interface ScopeParams {
  countryCode?: string;
  city?: string;
}

export function createTicketmasterSource(options: TicketmasterSourceOptions): IngestionSource {
  const pageSize = Math.min(200, Math.max(1, options.pageSize ?? 200));
  const limit = options.deepPagingLimit ?? 1000;
  const minWindowSeconds = options.minWindowSeconds ?? 60;
  const horizonDays = options.horizonDays ?? 365;
  // Pages p with size * p < limit are allowed, so this many results are reachable per query.
  const reachableMax = pageSize * Math.ceil(limit / pageSize);
  const scopeParams = new Map<string, ScopeParams>();

  const scopes: SourceScope[] = [];
  for (const code of options.countries ?? []) {
    const upper = code.trim().toUpperCase();
    const key = `country:${upper}`;
    scopeParams.set(key, { countryCode: upper });
    scopes.push({ key, filter: { country: countryName(upper) ?? upper } });
  }
  for (const city of options.cities ?? []) {
    const name = cityName(city.name) ?? city.name;
    const upper = city.countryCode?.trim().toUpperCase();
    const key = upper ? `city:${upper}:${name}` : `city:${name}`;
    scopeParams.set(key, { city: name, ...(upper ? { countryCode: upper } : {}) });
    scopes.push({ key, filter: { city: name, ...(upper ? { country: countryName(upper) ?? upper } : {}) } });
  }
  if (scopes.length === 0) {
    scopeParams.set('all', {});
    scopes.push({ key: 'all', filter: {} });
  }

  function pageUrl(params: ScopeParams, window: TimeWindow, page: number): URL {
    const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/events.json`);
    url.searchParams.set('apikey', options.apiKey);
    url.searchParams.set('size', String(pageSize));
    url.searchParams.set('page', String(page));
    url.searchParams.set('sort', 'date,asc');
    // Without `locale=*` the API only returns events whose locale is English.
    url.searchParams.set('locale', '*');
    url.searchParams.set('startDateTime', window.from);
    url.searchParams.set('endDateTime', window.to);
    if (params.countryCode) url.searchParams.set('countryCode', params.countryCode);
    if (params.city) url.searchParams.set('city', params.city);
    return url;
  }

  async function* pages(scope: SourceScope, cursor: Cursor | null, context: PageContext): AsyncGenerator<SourcePage> {
    const params = scopeParams.get(scope.key) ?? {};
    let state: TicketmasterCursor = cursor
      ? cursorSchema.parse(cursor)
      : { windows: [initialWindow(context.runStartedAt, horizonDays)], page: 0 };

    let firstQuery = cursor === null;
    while (state.windows.length > 0) {
      const [window, ...rest] = state.windows;
      if (!window) break;
      const body = await context.http.getJson(pageUrl(params, window, state.page), { signal: context.signal });
      const parsed = ticketmasterPageSchema.safeParse(body);
      if (!parsed.success)
        throw new SourceRequestError(
          `unexpected Ticketmaster answer: ${parsed.error.issues[0]?.message ?? 'invalid page'}`,
        );
      const { totalElements } = parsed.data.page;
      // The very first query spans the whole range, so its total is the scope's size.
      const estimatedTotal = firstQuery ? totalElements : undefined;
      firstQuery = false;

      if (state.page === 0 && totalElements > reachableMax) {
        const parts = splitWindow(window, totalElements, limit, minWindowSeconds);
        if (parts.length > 1) {
          context.logger.debug(
            { scope: scope.key, window, totalElements, parts: parts.length },
            'splitting time window',
          );
          state = { windows: [...parts, ...rest], page: 0 };
          yield { records: [], next: state, ...(estimatedTotal !== undefined ? { estimatedTotal } : {}) };
          continue;
        }
        context.logger.warn(
          { scope: scope.key, window, totalElements, seconds: windowSeconds(window) },
          'window cannot be split further; only the first results are reachable',
        );
      }

      const pageCount = Math.ceil(Math.min(totalElements, reachableMax) / pageSize);
      const nextPage = state.page + 1;
      const hasNextPage = nextPage < pageCount;
      state = hasNextPage ? { windows: state.windows, page: nextPage } : { windows: rest, page: 0 };
      yield {
        records: parsed.data._embedded?.events ?? [],
        next: state.windows.length > 0 ? state : null,
        ...(estimatedTotal !== undefined ? { estimatedTotal } : {}),
      };
    }
  }

  return {
    name: TICKETMASTER_SOURCE,
    requestsPerSecond: options.requestsPerSecond ?? 5,
    scopes: () => scopes,
    pages,
    normalize: (record) => [normalizeTicketmasterEvent(record)],
    eventSources: [TICKETMASTER_SOURCE],
  };
}
