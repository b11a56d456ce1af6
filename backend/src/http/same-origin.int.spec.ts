/**
 * Writes and socket handshakes from another origin, and bodies that are not JSON, on the real server: a page on
 * the same host at another port (a sibling subdomain in production) holds the admin cookie, since the cookie is
 * only `SameSite=Strict`, yet publishes nothing and joins no live queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket } from '../testing/sockets.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { JSON_ONLY_MESSAGE } from './json-bodies-only.ts';

const PUBLIC_ORIGIN = 'https://evently.example';
const PARTNER_ORIGIN = 'https://partner.example';

let server: TestServer;
let cookie: string;
let siblingOrigin: string;

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: PUBLIC_ORIGIN, CORS_ORIGINS: PARTNER_ORIGIN } });
  const login = await fetch(`${server.url}/api/support/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: server.adminPassword }),
  });
  cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  expect(cookie).toMatch(/^evently_admin=/);
  // Same host, another port: same-site for the browser, so it sends the Strict cookie.
  siblingOrigin = `http://127.0.0.1:${Number(new URL(server.url).port) + 1}`;
});
afterAll(async () => {
  await server?.stop();
});

const postTitle = () => `Origin check ${Math.random().toString(36).slice(2)}`;

function publish(title: string, headers: Record<string, string>) {
  return fetch(`${server.url}/api/blog/posts`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ title, content: 'Published by whoever sent this.', status: 'published' }),
  });
}

async function postExists(title: string): Promise<boolean> {
  const res = await fetch(`${server.url}/api/blog/posts?status=all&per_page=100`, { headers: { cookie } });
  return JSON.stringify(await res.json()).includes(title);
}

describe('unsafe methods from another origin', () => {
  it('refuses a write whose Origin is another port of the same host with 403 and a JSON error, and writes nothing', async () => {
    const title = postTitle();
    const res = await publish(title, { origin: siblingOrigin });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: `Cross-origin request refused: ${siblingOrigin} may not change anything on this site`,
    });
    expect(await postExists(title)).toBe(false);
  });

  it('refuses by Referer when there is no Origin, and a Referer that is not a URL', async () => {
    expect((await publish(postTitle(), { referer: `${siblingOrigin}/attack.html` })).status).toBe(403);
    expect((await publish(postTitle(), { referer: 'not a url' })).status).toBe(403);
    expect((await publish(postTitle(), { origin: 'null' })).status).toBe(403);
  });

  it('refuses PUT, PATCH and DELETE as well as POST', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await fetch(`${server.url}/api/blog/posts/some-id`, {
        method,
        headers: { cookie, origin: siblingOrigin },
      });
      expect(res.status, method).toBe(403);
    }
  });

  it('accepts the request host itself, PUBLIC_URL, a CORS_ORIGINS entry, and a request naming no origin', async () => {
    const namings: Array<Record<string, string>> = [
      { origin: server.url },
      { referer: `${server.url}/admin` },
      { origin: PUBLIC_ORIGIN },
      { origin: PARTNER_ORIGIN },
      {},
    ];
    for (const headers of namings) {
      const title = postTitle();
      const res = await publish(title, headers);
      expect(res.status, JSON.stringify(headers)).toBe(201);
      expect(await postExists(title)).toBe(true);
    }
  });

  it('leaves reads from another origin alone', async () => {
    const res = await fetch(`${server.url}/api/blog/posts`, { headers: { origin: siblingOrigin } });
    expect(res.status).toBe(200);
  });
});

describe('JSON bodies only', () => {
  it('answers 415 to form-encoded, multipart and text bodies on JSON routes, same-origin and admin included', async () => {
    const bodies: Array<[string, string]> = [
      ['application/x-www-form-urlencoded', 'title=Form&content=Posted%20by%20a%20form&status=published'],
      ['text/plain', '{"title":"Text","content":"Posted as text","status":"published"}'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nMultipart\r\n--x--\r\n',
      ],
    ];
    for (const [type, body] of bodies) {
      const res = await fetch(`${server.url}/api/blog/posts`, {
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': type },
        body,
      });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ error: JSON_ONLY_MESSAGE });
    }
    // A route that reads no body (approving a review) refuses a form body too.
    const approve = await fetch(`${server.url}/api/admin/reviews/some-id/approve`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(approve.status).toBe(415);
    // A body without any type is not JSON either.
    const untyped = await fetch(`${server.url}/api/support/admin/login`, {
      method: 'POST',
      body: new Uint8Array(Buffer.from('{"password":"x"}')),
    });
    expect(untyped.status).toBe(415);
  });

  it('lets the forms the site serves through: the mail links’ confirm and RFC 8058 one-click unsubscribe', async () => {
    const res = await fetch(`${server.url}/api/subscriptions/unsubscribe/${'a'.repeat(43)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ ok: false, status: 'unknown_token' });
    const confirm = await fetch(`${server.url}/api/subscriptions/confirm/${'a'.repeat(43)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_ORIGIN, accept: 'text/html' },
      body: '',
    });
    expect(confirm.status).toBe(404);
  });

  it('takes JSON with a charset, and no other +json type', async () => {
    const res = await fetch(`${server.url}/api/support/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ password: server.adminPassword }),
    });
    expect(res.status).toBe(200);
    const patch = await fetch(`${server.url}/api/support/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ password: server.adminPassword }),
    });
    expect(patch.status).toBe(415);
  });
});

describe('socket handshakes', () => {
  it('refuses /admin and /tickets from another origin, even with the admin cookie', async () => {
    for (const namespace of ['/admin', '/tickets']) {
      const refused = await openSocket(`${server.url}${namespace}`, {
        extraHeaders: { cookie, origin: siblingOrigin },
      });
      expect(refused.ok, namespace).toBe(false);
      expect(refused.ok ? '' : refused.error, namespace).not.toBe('unauthorized');
    }
    const polling = await openSocket(`${server.url}/admin`, {
      transports: ['polling'],
      extraHeaders: { cookie, origin: siblingOrigin },
    });
    expect(polling.ok).toBe(false);
  });

  it('accepts /admin from the site itself, a listed origin, and a client naming no origin', async () => {
    const namings: Array<Record<string, string>> = [
      { origin: server.url },
      { origin: PUBLIC_ORIGIN },
      { origin: PARTNER_ORIGIN },
      {},
    ];
    for (const headers of namings) {
      const connected = await openSocket(`${server.url}/admin`, { extraHeaders: { cookie, ...headers } });
      expect(connected.ok, JSON.stringify(headers)).toBe(true);
      connected.socket.close();
    }
  });
});
