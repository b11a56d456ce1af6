/**
 * The API document against what is really mounted and really answered: every route of every router in the
 * composition (and the health routes the app adds) is in `/api/openapi.json` with its method, the document
 * lists nothing that is not mounted, every JSON success has a schema, every admin call its 401, and answers
 * sampled from a seeded embedded app parse with the schemas the document was built from.
 */
import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@evently/platform';
import { SUPPORT_LIVE_CHANNELS } from '@evently/support';
import { healthRouter } from '../http/health.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { jsonSuccessStatuses, type ApiRoute } from './api-route.ts';
import { API_ROUTES } from './api-routes.ts';
import { openApiPath } from './build-api-document.ts';
import { sampleAnswers, type SampleAnswer } from './testing/sample-answers.ts';

interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/**
 * Routes whose answers are not described yet: their modules' contracts are being written. A route leaves the
 * list in the change that gives it its answer schemas (the test below fails while it is listed and described).
 */
const PENDING: string[] = [];

let server: TestServer;
let document: Document;
let samples: SampleAnswer[];

beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
  const answer = await fetch(`${server.url}/api/openapi.json`);
  expect(answer.status).toBe(200);
  document = (await answer.json()) as Document;
  samples = await sampleAnswers(server);
  // Seeding the catalogue and walking the flows takes a while on a loaded machine.
}, 300_000);

afterAll(async () => {
  await server.stop();
});

const routeKey = (route: ApiRoute) => `${route.method.toUpperCase()} ${route.path}`;

/** `METHOD /path/{}`: parameter names erased, since OpenAPI treats `/{id}` and `/{slug}` as one path. */
const key = (method: string, path: string) => `${method.toUpperCase()} ${openApiPath(path).replace(/\{\w+\}/g, '{}')}`;

function mounted(routers: Router[]): string[] {
  const keys = routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => key(method, String(layer.path))),
    ),
  );
  return [...new Set(keys)].sort();
}

function documented(doc: Document): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => key(method, path)))
    .sort();
}

function operationOf(route: ApiRoute): Operation {
  const operation = document.paths[openApiPath(route.path)]?.[route.method];
  if (!operation) throw new Error(`${routeKey(route)} is not in the document`);
  return operation;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of exactly the mounted routes', () => {
    expect(document.openapi).toBe('3.1.0');
    const routes = mounted([healthRouter([], silentLogger()), ...server.server.composition.routers]);
    expect(routes.length).toBeGreaterThan(40);
    expect(documented(document)).toEqual(routes);
  });

  it('describes bodies, queries and path parameters from the schemas the routes validate with', () => {
    const ticket = document.paths['/api/support/tickets']?.post?.requestBody?.content['application/json']?.schema;
    expect(ticket?.required).toEqual(expect.arrayContaining(['user_email', 'subject']));
    const subscribers = document.paths['/api/subscriptions/admin']?.get;
    expect(subscribers?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'per_page', 'status', 'sort']),
    );
    expect(document.paths['/api/events/{id}']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path' }),
    ]);
    // The map's walk past the result window.
    expect(document.paths['/api/events']?.get?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'cursor', in: 'query' })]),
    );
    // The names the handler reads (the events module checks the whole list against its parser).
    const searchNames = document.paths['/api/events']?.get?.parameters?.map((p) => p.name);
    expect(searchNames).toEqual(
      expect.arrayContaining(['latitude', 'longitude', 'nearby_radius_km', 'only_in_view', 'min_lat', 'max_lon']),
    );
    expect(searchNames).not.toContain('lat');
  });

  it('marks the admin calls with the admin credential and their 401', () => {
    expect(document.paths['/api/admin/reviews']?.get?.security).toEqual([{ adminSession: [] }, { adminPassword: [] }]);
    expect(document.paths['/api/events']?.get?.security).toBeUndefined();
    const without401 = API_ROUTES.filter((route) => route.admin && !operationOf(route).responses['401']);
    expect(without401.map(routeKey)).toEqual([]);
  });

  it('describes every JSON success answer with a schema, except the routes still pending', () => {
    const undescribed = API_ROUTES.filter((route) =>
      jsonSuccessStatuses(route).some((status) => {
        const schema = operationOf(route).responses[String(status)]?.content?.['application/json']?.schema;
        return !schema || Object.keys(schema).length === 0;
      }),
    ).map(routeKey);
    expect(undescribed.filter((route) => !PENDING.includes(route))).toEqual([]);
    // A route described since must leave the pending list.
    expect(PENDING.filter((route) => !undescribed.includes(route))).toEqual([]);
  });

  it('documents the mail links’ pages as HTML, errors included', () => {
    for (const path of ['/api/subscriptions/confirm/{token}', '/api/subscriptions/unsubscribe/{token}']) {
      const page = document.paths[path]?.get?.responses;
      expect(Object.keys(page?.['200']?.content ?? {})).toEqual(['text/html']);
      expect(Object.keys(page?.['404']?.content ?? {})).toEqual(['text/html']);
    }
  });
});

describe('the live channels in the document', () => {
  it('list every event of the live-channel contract, each payload a schema component', () => {
    const doc = document as Document & {
      info: { description: string };
      components: { schemas: Record<string, unknown> };
    };
    for (const channel of Object.values(SUPPORT_LIVE_CHANNELS)) {
      expect(doc.info.description).toContain(`**\`${channel.namespace}\`**`);
      for (const event of [...Object.keys(channel.pushes), ...Object.keys(channel.requests)])
        expect(doc.info.description).toContain(`\`${event}\``);
    }
    expect(doc.components.schemas).toMatchObject({
      LiveAdminTicket: expect.objectContaining({ type: 'object' }),
      LiveAdminPresenceSnapshot: expect.objectContaining({ type: 'object' }),
      LiveTicketsTicketStatus: expect.objectContaining({ type: 'object' }),
    });
  });
});

describe('sample answers of the seeded app', () => {
  it('cover every public GET with a JSON answer and the main writes', () => {
    const sampled = new Set(samples.map((sample) => routeKey(sample.route)));
    const publicGets = API_ROUTES.filter(
      (route) => route.method === 'get' && !route.admin && jsonSuccessStatuses(route).length > 0,
    ).map(routeKey);
    expect(publicGets.filter((route) => !sampled.has(route) && !PENDING.includes(route))).toEqual([]);
    expect(samples.filter((sample) => sample.route.method !== 'get').length).toBeGreaterThan(5);
  });

  it('succeed where the flow expects it, and none is a server error (the answer check fails drift so)', () => {
    expect(samples.filter((sample) => sample.status >= 500).map((sample) => sample.body)).toEqual([]);
    const succeeded = new Set(samples.filter((sample) => sample.status < 300).map((sample) => routeKey(sample.route)));
    const writes = samples.filter((sample) => sample.route.method !== 'get').map((sample) => routeKey(sample.route));
    // The split answers 409 (the seeded events are not linked); every other write of the flow succeeds.
    expect(writes.filter((route) => !succeeded.has(route))).toEqual(['POST /api/admin/events/:id/split']);
  });

  it('match the schemas the document gives for their status', () => {
    const mismatches = samples.flatMap(({ route, status, body }) => {
      if (PENDING.includes(routeKey(route))) return [];
      const schema = route.answers?.[status];
      // A page (the mail links') is not JSON; its JSON alternative, where it has one, is checked like any answer.
      if (!schema)
        return status < 300 && typeof body !== 'string'
          ? [`${routeKey(route)} answered ${status}, which has no schema`]
          : [];
      const parsed = schema.safeParse(body);
      return parsed.success ? [] : [`${routeKey(route)} ${status}: ${JSON.stringify(parsed.error.issues)}`];
    });
    expect(mismatches).toEqual([]);
  });
});
