/**
 * How the route catalogue (`routes/`) is written: one call per route naming its method, path, summary and
 * answers; the module's tag is given once, and a call made through `admin` needs the admin credential. An
 * answer is its description alone (a refusal, a redirect, a page) or its description with the schema of its
 * JSON, so each status is stated once with everything the document says about it.
 */
import type { z } from 'zod';
import type { ApiRoute, HttpMethod } from './api-route.ts';

export interface DescribedAnswer {
  description: string;
  schema: z.ZodType;
}

export type Answers = Record<number, string | DescribedAnswer>;

/** What else a route may say: its request schemas, media type, rate limit. */
export type RouteOptions = Omit<ApiRoute, 'method' | 'path' | 'summary' | 'tag' | 'admin' | 'responses' | 'answers'>;

type MethodBuilders = Record<
  HttpMethod,
  (path: string, summary: string, answers: Answers, options?: RouteOptions) => ApiRoute
>;

export type RouteBuilder = MethodBuilders & { admin: MethodBuilders };

/** A JSON answer: what it means and the schema of what the handler sends. */
export function answer(description: string, schema: z.ZodType): DescribedAnswer {
  return { description, schema };
}

/** The 404 of a call that names one thing by its id. */
export function notFound(thing: string): Answers {
  return { 404: `${thing} not found` };
}

/** The refusals of a public form: a field that does not parse, and the network's limit on sending it. */
export function formRefusals(sent: string): Answers {
  return { 400: 'A field is invalid', 429: `Too many ${sent} from this network` };
}

function routeOf(
  method: HttpMethod,
  path: string,
  summary: string,
  answers: Answers,
  defaults: Pick<ApiRoute, 'tag' | 'admin'>,
  options: RouteOptions,
): ApiRoute {
  const responses: Record<number, string> = {};
  const schemas: Partial<Record<number, z.ZodType>> = {};
  for (const [status, given] of Object.entries(answers)) {
    const code = Number(status);
    if (typeof given === 'string') responses[code] = given;
    else {
      responses[code] = given.description;
      schemas[code] = given.schema;
    }
  }
  return {
    method,
    path,
    summary,
    ...defaults,
    ...options,
    responses,
    ...(Object.keys(schemas).length > 0 ? { answers: schemas } : {}),
  };
}

function builder(defaults: Pick<ApiRoute, 'tag' | 'admin'>): MethodBuilders {
  const at =
    (method: HttpMethod) =>
    (path: string, summary: string, answers: Answers, options: RouteOptions = {}) =>
      routeOf(method, path, summary, answers, defaults, options);
  return { get: at('get'), post: at('post'), put: at('put'), patch: at('patch'), delete: at('delete') };
}

/** The calls of one module (`tag`); those under `admin` need the admin credential. */
export function routesOf(tag: string): RouteBuilder {
  return { ...builder({ tag }), admin: builder({ tag, admin: true }) };
}
