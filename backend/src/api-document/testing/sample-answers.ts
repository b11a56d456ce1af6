/**
 * Real answers of a seeded embedded app, one or more per documented call: what the API document's coverage
 * test parses with each route's answer schemas. Requests follow a visitor's and an admin's path (search, open
 * an event, review it, moderate, write a post, erase someone), so the ids each call needs come from earlier
 * answers rather than from fixtures.
 */
import { ADMIN_PASSWORD_HEADER } from '@evently/platform';
import type { TestServer } from '../../testing/start-test-server.ts';
import type { ApiRoute, HttpMethod } from '../api-route.ts';
import { API_ROUTES } from '../api-routes.ts';

export interface SampleAnswer {
  route: ApiRoute;
  status: number;
  body: unknown;
}

interface Call {
  /** The documented route, as `METHOD /koa/:path`. */
  route: string;
  /** The concrete path and query. */
  url: string;
  body?: unknown;
  admin?: boolean;
}

function routeOf(key: string): ApiRoute {
  const route = API_ROUTES.find((candidate) => `${candidate.method.toUpperCase()} ${candidate.path}` === key);
  if (!route) throw new Error(`No documented route ${key}`);
  return route;
}

export async function sampleAnswers(server: TestServer): Promise<SampleAnswer[]> {
  const samples: SampleAnswer[] = [];
  const call = async ({ route: key, url, body, admin = false }: Call): Promise<unknown> => {
    const route = routeOf(key);
    const method: HttpMethod = route.method;
    const answer = await fetch(`${server.url}${url}`, {
      method: method.toUpperCase(),
      redirect: 'manual',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(admin ? { [ADMIN_PASSWORD_HEADER]: server.adminPassword } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    const json: unknown = answer.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    samples.push({ route, status: answer.status, body: json });
    return json;
  };

  // The platform's own calls.
  await call({ route: 'GET /healthz', url: '/healthz' });
  await call({ route: 'GET /readyz', url: '/readyz' });
  await call({ route: 'GET /api/openapi.json', url: '/api/openapi.json' });
  await call({ route: 'GET /api/admin/session', url: '/api/admin/session' });
  await call({ route: 'GET /api/support/admin/session', url: '/api/support/admin/session', admin: true });
  await call({ route: 'GET /api/support/admin/session', url: '/api/support/admin/session' });
  await call({
    route: 'POST /api/support/admin/login',
    url: '/api/support/admin/login',
    body: { password: server.adminPassword, agent_name: 'Sam' },
  });
  await call({ route: 'POST /api/support/admin/logout', url: '/api/support/admin/logout' });

  // A visitor searching and opening events.
  const page = (await call({ route: 'GET /api/events', url: '/api/events?per_page=50' })) as {
    data: Array<{ id: number; source: string; external_id: string }>;
  };
  await call({ route: 'GET /api/events', url: '/api/events?fields=card&latitude=40.4&longitude=-3.7' });
  await call({ route: 'GET /api/events', url: '/api/events?fields=map_basic' });
  await call({ route: 'GET /api/events', url: '/api/events?page=9999' });
  await call({ route: 'GET /api/events/filters', url: '/api/events/filters' });
  await call({ route: 'GET /api/events/popular', url: '/api/events/popular?limit=3' });
  const first = page.data[0];
  if (!first) throw new Error('The seeded catalogue is empty');
  await call({ route: 'GET /api/events/:id', url: `/api/events/${first.id}` });
  await call({ route: 'GET /api/events/:id', url: '/api/events/999999999' });
  await call({ route: 'GET /api/events/:id/similar', url: `/api/events/${first.id}/similar` });
  await call({ route: 'GET /api/events/:id/accommodations', url: `/api/events/${first.id}/accommodations` });
  await call({ route: 'GET /api/geo/ip', url: '/api/geo/ip' });
  const bySource = (source: string) => page.data.find((event) => event.source === source) ?? first;
  await call({
    route: 'GET /api/ticketmaster/tracking-link/:ref',
    url: `/api/ticketmaster/tracking-link/${encodeURIComponent(bySource('ticketmaster').external_id)}`,
  });
  await call({
    route: 'GET /api/feverup/tracking-link/:ref',
    url: `/api/feverup/tracking-link/${encodeURIComponent(bySource('fever').external_id)}`,
  });
  await call({ route: 'GET /api/affiliate/redirect/:ref', url: `/api/affiliate/redirect/${first.id}` });
  await call({ route: 'POST /api/admin/events/:id/split', url: `/api/admin/events/${first.id}/split`, admin: true });

  // Reviews: two submitted, moderated, listed, one deleted.
  const review = {
    user_name: 'Ana García',
    user_email: 'ana@example.com',
    rating: 5,
    title: 'Wonderful night',
    comment: 'Great band, great room.',
    attended: true,
  };
  await call({ route: 'POST /api/events/:eventId/reviews', url: `/api/events/${first.id}/reviews`, body: review });
  await call({
    route: 'POST /api/reviews',
    url: '/api/reviews',
    body: { ...review, user_email: 'bo@example.com', event_name: 'A night at the opera' },
  });
  const queue = (await call({ route: 'GET /api/admin/reviews', url: '/api/admin/reviews', admin: true })) as {
    reviews: Array<{ id: string }>;
  };
  const [approved, rejected] = queue.reviews;
  if (!approved || !rejected) throw new Error('The reviews just sent are not in the moderation queue');
  await call({
    route: 'POST /api/admin/reviews/:id/approve',
    url: `/api/admin/reviews/${approved.id}/approve`,
    admin: true,
  });
  await call({
    route: 'POST /api/admin/reviews/:id/reject',
    url: `/api/admin/reviews/${rejected.id}/reject`,
    body: { reason: 'Not an event we list' },
    admin: true,
  });
  await call({ route: 'GET /api/reviews', url: '/api/reviews' });
  await call({ route: 'GET /api/reviews', url: '/api/reviews?per_page=1&page=2' });
  await call({ route: 'DELETE /api/admin/reviews/:id', url: `/api/admin/reviews/${rejected.id}`, admin: true });

  // The blog: read, write, edit, delete.
  const posts = (await call({ route: 'GET /api/blog/posts', url: '/api/blog/posts' })) as {
    posts: Array<{ slug: string }>;
  };
  await call({ route: 'GET /api/blog/posts', url: '/api/blog/posts?status=all', admin: true });
  const slug = posts.posts[0]?.slug;
  if (slug) await call({ route: 'GET /api/blog/posts/:slug', url: `/api/blog/posts/${encodeURIComponent(slug)}` });
  const created = (await call({
    route: 'POST /api/blog/posts',
    url: '/api/blog/posts',
    body: { title: 'Sample answers', content: 'A post the API document test writes.', tags: 'api, test' },
    admin: true,
  })) as { id: string; slug: string };
  await call({
    route: 'PUT /api/blog/posts/:id',
    url: `/api/blog/posts/${created.id}`,
    body: { status: 'published', excerpt: 'Written by a test' },
    admin: true,
  });
  await call({ route: 'GET /api/blog/posts/:slug', url: `/api/blog/posts/${encodeURIComponent(created.slug)}` });
  await call({ route: 'DELETE /api/blog/posts/:id', url: `/api/blog/posts/${created.id}`, admin: true });

  // An erasure of the reviewer.
  await call({
    route: 'POST /api/admin/erasures',
    url: '/api/admin/erasures',
    body: { email: 'ana@example.com' },
    admin: true,
  });
  return samples;
}
