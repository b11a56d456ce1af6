/**
 * One HTTP call as the API document describes it. The request schemas are the very zod schemas the routes
 * validate with (taken from the modules' doors), so the document cannot describe a body the route would
 * parse differently. Paths are written as Koa mounts them (`/api/events/:id`).
 */
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiRoute {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Groups calls in viewers; one per module. */
  tag: string;
  /** Needs the admin credential (session cookie or `X-Admin-Password`). */
  admin?: boolean;
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** Status code -> meaning; a JSON `{ error }` shape is assumed for 4xx and 5xx. */
  responses: Record<number, string>;
  /** Media type of the success answer when it is not JSON (RSS, HTML, calendar, metrics). */
  produces?: string;
}
