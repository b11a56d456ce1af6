/**
 * A fetch stand-in for jsdom specs: answers by method and path, records every request, and can fail like a
 * dropped connection. The app's base query builds `Request` objects, so handlers get one.
 */
import { vi } from 'vitest';

export type Handler = (request: Request) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function networkFailure(): Promise<Response> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

export function stubApi(routes: Record<string, Handler>) {
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: Request | string, init?: RequestInit) => {
    const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost'), init) : input;
    requests.push(request);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const handler = routes[key];
    if (!handler) return json({ error: `unexpected ${key}` }, 500);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Requests to one path, e.g. `calls('GET /api/support/tickets/TT-2025-0001')`. */
    calls: (key: string) => requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === key),
  };
}
