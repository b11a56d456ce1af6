/**
 * One HTTP call as the API document describes it. The request schemas are the very zod schemas the routes
 * validate with and the answer schemas the very ones their handlers are typed by (both from the modules'
 * `contracts`), so the document cannot describe a body the route would parse or answer differently. Paths
 * are written as Koa mounts them (`/api/events/:id`).
 */
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiRoute {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Groups calls in viewers; one per module. */
  tag: string;
  /** Needs the admin credential (session cookie or `X-Admin-Password`); the document adds its 401. */
  admin?: boolean;
  /** Behind a per-network rate limit shared by every replica; the document adds its 429. */
  rateLimited?: boolean;
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** Status code -> meaning; a JSON `{ error }` shape is assumed for 4xx and 5xx unless `answers` says more. */
  responses: Record<number, string>;
  /**
   * Status code -> schema of the JSON answer. Every JSON 2xx needs one; an error status needs one only when
   * it carries more than `{ error }`. With `CHECK_API_ANSWERS=1` the server checks every answer against it.
   */
  answers?: Partial<Record<number, z.ZodType>>;
  /** Media type of the success answer when it is not JSON (RSS, HTML, calendar, metrics). */
  produces?: string;
  /** The error answers are pages of the same media type as the success answer (the mail links' pages). */
  errorPages?: boolean;
}

/** Success answers that are JSON, so need a schema; redirects and other media types need none. */
export function jsonSuccessStatuses(route: ApiRoute): number[] {
  if (route.produces) return [];
  return Object.keys(route.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
}
