/**
 * A local stand-in for both feeds on 127.0.0.1, faithful to what the workers rely on: Ticketmaster's
 * `events.json` (apikey check with an Apigee-style 401 fault, date-window and country/city filters,
 * date order, `size`/`page` with the deep-paging limit, `page` totals) and the Fever partner feed (pages
 * of plans, linked by `next` or by page number). Scripted faults (429, 5xx, malformed JSON, a request that
 * hangs) let tests and the benchmark exercise the failure paths. Not a mock of our code: it speaks HTTP.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScriptedFault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'malformed' }
  /** Holds the request open until `release` resolves (simulates a kill while waiting for a page). */
  | { kind: 'hang'; release: Promise<void> };

export interface SimulatorRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  at: number;
}

export interface FeedSimulatorOptions {
  ticketmasterApiKey?: string;
  /** `next`: each page links the next; `page-number`: only `page`/`total_pages` are given. */
  feverPaging?: 'next' | 'page-number';
  feverPageSize?: number;
  /** When set, the Fever feed requires `Authorization: Bearer <key>`. */
  feverApiKey?: string;
  deepPagingLimit?: number;
}

export interface FeedSimulator {
  /** `http://127.0.0.1:<port>` */
  url: string;
  ticketmasterBaseUrl: string;
  feverFeedUrl: string;
  /** Replace the catalogue served in Ticketmaster format (objects shaped like Discovery events). */
  setTicketmasterEvents(events: unknown[]): void;
  setFeverPlans(plans: unknown[]): void;
  /** The fault to answer the `n`-th request (1-based, counting every request) with. */
  scriptRequest(n: number, fault: ScriptedFault): void;
  requests: SimulatorRequest[];
  close(): Promise<void>;
}

interface IndexedEvent {
  start: number;
  country: string | null;
  city: string | null;
  json: string;
}

function startOf(event: unknown): number {
  const dates = (event as { dates?: { start?: { dateTime?: string; localDate?: string } } }).dates;
  const value = dates?.start?.dateTime ?? dates?.start?.localDate;
  const parsed = value ? Date.parse(value) : NaN;
  return Number.isNaN(parsed) ? 0 : parsed;
}

function venueOf(event: unknown): { country: string | null; city: string | null } {
  const venue = (
    event as { _embedded?: { venues?: Array<{ country?: { countryCode?: string }; city?: { name?: string } }> } }
  )._embedded?.venues?.[0];
  return { country: venue?.country?.countryCode ?? null, city: venue?.city?.name ?? null };
}

/** First index whose start is >= `instant` in a start-sorted list. */
function lowerBound(events: IndexedEvent[], instant: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((events[middle]?.start ?? 0) < instant) low = middle + 1;
    else high = middle;
  }
  return low;
}

function sendJson(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(body);
}

export async function startFeedSimulator(options: FeedSimulatorOptions = {}): Promise<FeedSimulator> {
  const deepPagingLimit = options.deepPagingLimit ?? 1000;
  const feverPageSize = options.feverPageSize ?? 50;
  let events: IndexedEvent[] = [];
  let plans: unknown[] = [];
  const faults = new Map<number, ScriptedFault>();
  const requests: SimulatorRequest[] = [];
  let origin = '';

  function ticketmaster(query: URLSearchParams, response: ServerResponse): void {
    if (options.ticketmasterApiKey && query.get('apikey') !== options.ticketmasterApiKey) {
      sendJson(
        response,
        401,
        JSON.stringify({ fault: { faultstring: 'Invalid ApiKey', detail: { errorcode: 'oauth.v2.InvalidApiKey' } } }),
      );
      return;
    }
    const size = Number(query.get('size') ?? 20);
    const page = Number(query.get('page') ?? 0);
    if (size * page >= deepPagingLimit) {
      sendJson(
        response,
        400,
        JSON.stringify({
          errors: [
            {
              code: 'DIS1035',
              detail: 'API Limits Exceeded: Max paging depth exceeded. (page * size) must be less than 1,000',
            },
          ],
        }),
      );
      return;
    }
    const from = query.has('startDateTime') ? Date.parse(query.get('startDateTime') ?? '') : -Infinity;
    const to = query.has('endDateTime') ? Date.parse(query.get('endDateTime') ?? '') : Infinity;
    const country = query.get('countryCode');
    const city = query.get('city')?.toLowerCase();
    const first = Number.isFinite(from) ? lowerBound(events, from) : 0;
    const last = Number.isFinite(to) ? lowerBound(events, to + 1) : events.length;
    let matching = events.slice(first, last);
    if (country) matching = matching.filter((event) => event.country === country);
    if (city) matching = matching.filter((event) => event.city?.toLowerCase() === city);
    const slice = matching.slice(page * size, page * size + size);
    const pageInfo = JSON.stringify({
      size,
      totalElements: matching.length,
      totalPages: Math.ceil(matching.length / size),
      number: page,
    });
    const body =
      slice.length > 0
        ? `{"_embedded":{"events":[${slice.map((event) => event.json).join(',')}]},"page":${pageInfo}}`
        : `{"page":${pageInfo}}`;
    sendJson(response, 200, body, { 'rate-limit': '5000', 'rate-limit-available': '4999', 'rate-limit-over': '0' });
  }

  function fever(query: URLSearchParams, request: IncomingMessage, response: ServerResponse): void {
    if (options.feverApiKey && request.headers.authorization !== `Bearer ${options.feverApiKey}`) {
      sendJson(response, 401, JSON.stringify({ message: 'Invalid partner token' }));
      return;
    }
    const page = Math.max(1, Number(query.get('page') ?? 1));
    const totalPages = Math.max(1, Math.ceil(plans.length / feverPageSize));
    const data = plans.slice((page - 1) * feverPageSize, page * feverPageSize);
    const pagination =
      options.feverPaging === 'page-number'
        ? { page, total_pages: totalPages }
        : { page, total_pages: totalPages, next: page < totalPages ? `/fever/plans?page=${page + 1}` : null };
    sendJson(response, 200, JSON.stringify({ data, pagination }));
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers, at: Date.now() });
    const fault = faults.get(requests.length);
    if (fault?.kind === 'status') {
      sendJson(
        response,
        fault.status,
        fault.body ?? JSON.stringify({ error: `scripted ${fault.status}` }),
        fault.headers,
      );
      return;
    }
    if (fault?.kind === 'malformed') {
      sendJson(response, 200, '{"_embedded":{"events":[{"id":"trunc');
      return;
    }
    if (fault?.kind === 'hang') {
      void fault.release.then(() => response.destroy());
      return;
    }
    if (url.pathname === '/discovery/v2/events.json') ticketmaster(url.searchParams, response);
    else if (url.pathname === '/fever/plans') fever(url.searchParams, request, response);
    else sendJson(response, 404, JSON.stringify({ error: 'not found' }));
  });
  server.keepAliveTimeout = 60_000;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    ticketmasterBaseUrl: `${origin}/discovery/v2`,
    feverFeedUrl: `${origin}/fever/plans`,
    setTicketmasterEvents(list) {
      events = list
        .map((event) => ({ start: startOf(event), ...venueOf(event), json: JSON.stringify(event) }))
        .sort((a, b) => a.start - b.start);
    },
    setFeverPlans(list) {
      plans = [...list];
    },
    scriptRequest(n, fault) {
      faults.set(n, fault);
    },
    requests,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
