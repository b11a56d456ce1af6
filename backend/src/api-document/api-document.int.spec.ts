/**
 * The API document against what is really mounted: every route of every router in the composition (and the
 * health routes the app adds) is in `/api/openapi.json` with its method, and the document lists nothing that
 * is not mounted, so a new call without documentation, or a removed one left behind, fails here.
 */
import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@evently/platform';
import { healthRouter } from '../http/health.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { openApiPath } from './build-api-document.ts';

interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  security?: unknown[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let server: TestServer;
let document: Document;

beforeAll(async () => {
  server = await startTestServer();
  const answer = await fetch(`${server.url}/api/openapi.json`);
  expect(answer.status).toBe(200);
  document = (await answer.json()) as Document;
});

afterAll(async () => {
  await server.stop();
});

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

  it('marks the admin calls with the admin credential', () => {
    expect(document.paths['/api/admin/reviews']?.get?.security).toEqual([{ adminSession: [] }, { adminPassword: [] }]);
    expect(document.paths['/api/events']?.get?.security).toBeUndefined();
  });
});
