/**
 * Builds the OpenAPI 3.1 document from the route catalogue (`routes/`). zod-to-openapi assembles the
 * document (paths, operations, components, security schemes); each schema is converted by zod's own
 * `z.toJSONSchema`, request schemas in their input form (what a client sends) and answer schemas in their
 * output form (what the server sends), because zod-to-openapi 9 cannot map `.catch()`, which our query
 * schemas use to fall back to defaults. OpenAPI 3.1 schemas are JSON Schema 2020-12, the dialect zod writes,
 * so the result goes in unchanged. Refusals every route of a kind may get (403 and 415 on writes, 401 on admin
 * calls, 429 behind a rate limit) are added here rather than repeated per route. See decision 020.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ADMIN_PASSWORD_HEADER, ADMIN_SESSION_COOKIE } from '@evently/platform';
import type { ApiRoute } from './api-route.ts';
import { liveChannelsDocument } from './live-channels.ts';

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
};
type Parameter = {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Record<string, unknown>;
  description?: string;
};

/** `/api/events/:id` -> `/api/events/{id}`. */
export function openApiPath(koaPath: string): string {
  return koaPath.replace(/:(\w+)/g, '{$1}');
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  // `unrepresentable: 'any'`: a custom refinement becomes an open schema instead of failing the document.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function pathParameters(route: ApiRoute): Parameter[] {
  const described = route.params ? jsonSchemaOf(route.params).properties : undefined;
  return [...route.path.matchAll(/:(\w+)/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    schema: described?.[name] ?? { type: 'string' },
  }));
}

function queryParameters(route: ApiRoute): Parameter[] {
  if (!route.query) return [];
  const { properties = {} } = jsonSchemaOf(route.query);
  // Every query parameter is optional to a client: absent ones take their default (or `.catch` value).
  return Object.entries(properties).map(([name, { description, ...schema }]) => ({
    name,
    in: 'query',
    required: false,
    schema,
    ...(typeof description === 'string' ? { description } : {}),
  }));
}

/** Answers every write may get before its route runs (backend `same-origin-writes.ts`, `json-bodies-only.ts`). */
const WRITE_REFUSALS: Record<string, string> = {
  403: 'Sent by a page of another origin (not PUBLIC_URL, the request host or CORS_ORIGINS)',
};
const BODY_REFUSALS: Record<string, string> = { 415: 'The body is not application/json' };
const ADMIN_REFUSALS: Record<string, string> = { 401: 'No admin credential (session cookie or X-Admin-Password)' };
const RATE_REFUSALS: Record<string, string> = {
  429: 'Too many requests from this network; Retry-After gives the seconds to wait',
};

const ERROR_SCHEMA = { $ref: '#/components/schemas/Error' };

function refusalsOf(route: ApiRoute): Record<string, string> {
  return {
    ...(route.method === 'get' ? {} : WRITE_REFUSALS),
    ...(route.method !== 'get' && route.body ? BODY_REFUSALS : {}),
    ...(route.admin ? ADMIN_REFUSALS : {}),
    ...(route.rateLimited ? RATE_REFUSALS : {}),
  };
}

/**
 * Answers are converted in their output form (what the server sends); a status without a schema of its own is
 * an `{ error }` for 4xx and 5xx, and a JSON success without one is a gap the coverage test reports. A route
 * that answers pages may also give a status a JSON schema: the answer for a client that asks for JSON.
 */
function responsesOf(route: ApiRoute): RouteConfig['responses'] {
  const responses: RouteConfig['responses'] = {};
  for (const [status, description] of Object.entries<string>({ ...refusalsOf(route), ...route.responses })) {
    const code = Number(status);
    const answer = route.answers?.[code];
    const json = (fallback: Record<string, unknown>) => ({
      'application/json': { schema: answer ? jsonSchemaOf(answer, 'output') : fallback },
    });
    const page = route.produces ? { [route.produces]: { schema: { type: 'string' } } } : undefined;
    if (code >= 300 && code < 400) responses[status] = { description };
    else if (page && (code < 400 || route.errorPages))
      responses[status] = { description, content: { ...page, ...(answer ? json({}) : {}) } };
    else responses[status] = { description, content: json(code >= 400 ? ERROR_SCHEMA : {}) };
  }
  return responses;
}

export interface ApiDocumentOptions {
  title: string;
  version: string;
  serverUrl: string;
}

export function buildApiDocument(routes: ApiRoute[], { title, version, serverUrl }: ApiDocumentOptions) {
  const registry = new OpenAPIRegistry();
  // As a plain component: `registry.register` would need zod patched globally (`extendZodWithOpenApi`).
  registry.registerComponent(
    'schemas',
    'Error',
    jsonSchemaOf(z.object({ error: z.string().describe('One line for people; names the field on a 400') })),
  );
  registry.registerComponent('securitySchemes', 'adminSession', {
    type: 'apiKey',
    in: 'cookie',
    name: ADMIN_SESSION_COOKIE,
    description: 'Set by the admin login call',
  });
  registry.registerComponent('securitySchemes', 'adminPassword', {
    type: 'apiKey',
    in: 'header',
    name: ADMIN_PASSWORD_HEADER,
    description: 'The admin password, for API clients',
  });
  registry.registerComponent('securitySchemes', 'metricsToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'METRICS_TOKEN, for GET /metrics only',
  });
  const live = liveChannelsDocument(jsonSchemaOf);
  for (const [name, schema] of Object.entries(live.components)) registry.registerComponent('schemas', name, schema);

  for (const route of routes) {
    const bodySchema = route.body ? jsonSchemaOf(route.body) : undefined;
    const schemes = route.admin
      ? ['adminSession', 'adminPassword', ...(route.tag === 'operations' ? ['metricsToken'] : [])]
      : [];
    // Alternatives: any one scheme is enough.
    const security: Array<Record<string, string[]>> | undefined =
      schemes.length > 0 ? schemes.map((scheme) => ({ [scheme]: [] })) : undefined;
    registry.registerPath({
      method: route.method,
      path: openApiPath(route.path),
      summary: route.summary,
      tags: [route.tag],
      parameters: [...pathParameters(route), ...queryParameters(route)],
      ...(bodySchema
        ? {
            request: {
              body: {
                required: true,
                content: { 'application/json': { schema: bodySchema } },
              },
            },
          }
        : {}),
      ...(security ? { security } : {}),
      responses: responsesOf(route),
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title,
      version,
      description: `Generated from the zod schemas the routes validate with; see docs/operations.md.\n${live.description}`,
    },
    servers: [{ url: serverUrl }],
  });
}
