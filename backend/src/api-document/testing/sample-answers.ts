/**
 * Real answers of a seeded embedded app, one or more per documented call: what the API document's coverage
 * test parses with each route's answer schemas. Requests follow a visitor's and an admin's path (search, open
 * an event, review it, moderate, write a post, erase someone), so the ids each call needs come from earlier
 * answers rather than from fixtures.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ADMIN_PASSWORD_HEADER } from '@evently/platform';
import { waitFor } from '@evently/platform/testing';
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

const SUBSCRIBER_EMAIL = 'sam.sample@example.com';

/** The confirmation link mailed to an address, from the test server's `.eml` files (quoted-printable undone). */
async function confirmLinkOf(dataDir: string, email: string): Promise<string> {
  const folder = path.join(dataDir, 'mail');
  let link: string | undefined;
  await waitFor(async () => {
    for (const file of (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'))) {
      const text = (await readFile(path.join(folder, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      const token = text.includes(email) ? /\/api\/subscriptions\/confirm\/([\w-]{22,128})/.exec(text)?.[1] : undefined;
      if (token) link = `/api/subscriptions/confirm/${token}`;
    }
    return link !== undefined;
  }, `the confirmation mail to ${email}`);
  return link!;
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

  // Support: a visitor's ticket followed by its token and by number, the team's work on it, canned replies.
  await call({ route: 'GET /api/support/categories', url: '/api/support/categories' });
  await call({ route: 'GET /api/support/faq', url: '/api/support/faq' });
  const opened = (await call({
    route: 'POST /api/support/tickets',
    url: '/api/support/tickets',
    body: {
      user_name: 'Ana García',
      user_email: 'ana@example.com',
      subject: 'Where are my tickets?',
      description: 'The seller never sent them.',
      browser_info: { userAgent: 'Sample', language: 'en' },
    },
  })) as { ticket: { ticket_number: string }; access_token: string };
  const ticketPath = `/api/support/tickets/${opened.ticket.ticket_number}`;
  await call({ route: 'GET /api/support/tickets/:number', url: ticketPath });
  await call({ route: 'GET /api/support/tickets/:number', url: `${ticketPath}?token=${opened.access_token}` });
  await call({
    route: 'POST /api/support/tickets/:number/messages',
    url: `${ticketPath}/messages`,
    body: { message: 'Any news?', token: opened.access_token },
  });
  await call({
    route: 'POST /api/support/tickets/:number/messages',
    url: `${ticketPath}/messages`,
    body: { message: 'Checking with the seller.', is_admin: true, is_internal: true },
    admin: true,
  });
  await call({
    route: 'PUT /api/support/tickets/:number/status',
    url: `${ticketPath}/status`,
    body: { status: 'waiting_for_user', admin_message: 'Which e-mail did you order with?' },
    admin: true,
  });
  await call({
    route: 'PUT /api/support/tickets/:number/priority',
    url: `${ticketPath}/priority`,
    body: { priority: 'high' },
    admin: true,
  });
  await call({
    route: 'PUT /api/support/tickets/:number/assignee',
    url: `${ticketPath}/assignee`,
    body: { assignee: 'Sam' },
    admin: true,
  });
  await call({ route: 'GET /api/support/tickets/:number', url: ticketPath, admin: true });
  await call({ route: 'GET /api/support/tickets', url: '/api/support/tickets?sort=oldest_waiting', admin: true });
  const canned = (await call({
    route: 'POST /api/support/canned-replies',
    url: '/api/support/canned-replies',
    body: { title: 'Sample greeting', body: 'Hello {{name}}, about {{ticket_number}}:' },
    admin: true,
  })) as { canned_reply: { id: string } };
  const cannedPath = `/api/support/canned-replies/${canned.canned_reply.id}`;
  await call({ route: 'GET /api/support/canned-replies', url: '/api/support/canned-replies', admin: true });
  await call({ route: 'GET /api/support/canned-replies/:id', url: cannedPath, admin: true });
  await call({
    route: 'GET /api/support/tickets/:number/canned-replies/:id',
    url: `${ticketPath}/canned-replies/${canned.canned_reply.id}`,
    admin: true,
  });
  await call({
    route: 'PUT /api/support/canned-replies/:id',
    url: cannedPath,
    body: { title: 'Sample greeting', body: 'Hi {{name}}.' },
    admin: true,
  });
  await call({ route: 'DELETE /api/support/canned-replies/:id', url: cannedPath, admin: true });
  const desk = (await call({ route: 'GET /api/support/tickets', url: '/api/support/tickets', admin: true })) as {
    tickets: Array<{ id: string; ticket_number: string }>;
  };
  const ticketId = desk.tickets.find((ticket) => ticket.ticket_number === opened.ticket.ticket_number)?.id;
  if (!ticketId) throw new Error('The ticket just opened is not in the queue');
  await call({ route: 'DELETE /api/support/tickets/:id', url: `/api/support/tickets/${ticketId}`, admin: true });

  // Partnerships: a request sent, listed, handled and deleted.
  await call({
    route: 'POST /api/partnership-request',
    url: '/api/partnership-request',
    body: { company: 'Sample Venues', contact_name: 'Ana', email: 'ana@example.com', partnership_type: 'venue' },
  });
  const requests = (await call({
    route: 'GET /api/admin/partnership-requests',
    url: '/api/admin/partnership-requests',
    admin: true,
  })) as { requests: Array<{ id: string }> };
  const requestId = requests.requests[0]?.id;
  if (!requestId) throw new Error('The partnership request just sent is not listed');
  const requestPath = `/api/admin/partnership-requests/${requestId}`;
  await call({ route: 'GET /api/admin/partnership-requests/:id', url: requestPath, admin: true });
  await call({
    route: 'PATCH /api/admin/partnership-requests/:id',
    url: requestPath,
    body: { status: 'handled' },
    admin: true,
  });
  await call({ route: 'DELETE /api/admin/partnership-requests/:id', url: requestPath, admin: true });

  // Subscriptions: a saved search signed up, seen and edited by the team, changed by its owner, unsubscribed.
  await call({
    route: 'POST /api/subscriptions',
    url: '/api/subscriptions',
    body: { email: SUBSCRIBER_EMAIL, country: 'Spain', city: 'Madrid', keyword: 'jazz', max_price: 50 },
  });
  const subscribers = (await call({
    route: 'GET /api/subscriptions/admin',
    url: '/api/subscriptions/admin?filters=saved',
    admin: true,
  })) as { subscriptions: Array<{ id: string; unsubscribe_token: string }> };
  const subscriber = subscribers.subscriptions[0];
  if (!subscriber) throw new Error('The subscription just made is not listed');
  const subscriberPath = `/api/subscriptions/admin/${subscriber.id}`;
  await call({
    route: 'PATCH /api/subscriptions/admin/:id',
    url: subscriberPath,
    body: { name: 'Ana', date_preset: 'this_week' },
    admin: true,
  });
  // Refused until the address is confirmed (double opt-in), then sent (or skipped, with its reason).
  await call({
    route: 'POST /api/subscriptions/admin/:id/send-digest',
    url: `${subscriberPath}/send-digest`,
    admin: true,
  });
  await call({
    route: 'POST /api/subscriptions/confirm/:token',
    url: await confirmLinkOf(server.dataDir, SUBSCRIBER_EMAIL),
  });
  await call({
    route: 'POST /api/subscriptions/admin/:id/send-digest',
    url: `${subscriberPath}/send-digest`,
    admin: true,
  });
  await call({
    route: 'POST /api/subscriptions/admin/run-digest',
    url: '/api/subscriptions/admin/run-digest',
    admin: true,
  });
  await call({
    route: 'PUT /api/subscriptions/saved/:token',
    url: `/api/subscriptions/saved/${subscriber.unsubscribe_token}`,
    body: { keyword: 'blues', category: null },
  });
  await call({
    route: 'POST /api/subscriptions/unsubscribe/:token',
    url: `/api/subscriptions/unsubscribe/${subscriber.unsubscribe_token}`,
  });
  await call({
    route: 'POST /api/subscriptions/unsubscribe/:token',
    url: `/api/subscriptions/unsubscribe/${'x'.repeat(32)}`,
  });
  await call({ route: 'DELETE /api/subscriptions/admin/:id', url: subscriberPath, admin: true });

  // An erasure of the reviewer.
  await call({
    route: 'POST /api/admin/erasures',
    url: '/api/admin/erasures',
    body: { email: 'ana@example.com' },
    admin: true,
  });
  return samples;
}
