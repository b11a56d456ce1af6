/**
 * Issue 13, finding 11: input a client can send on purpose or by mistake is answered with a 4xx, never a 5xx,
 * before authentication and on routes that do not exist.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { sendRaw } from './fuzz/raw-request.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const json = '{"email":"ana@example.com","country":"Portugal","city":"Lisbon"}';

describe('bodies whose Content-Encoding lies', () => {
  it.each([
    ['POST', '/api/subscriptions', 'gzip'],
    ['POST', '/api/subscriptions', 'br'],
    ['POST', '/api/subscriptions', 'deflate'],
    ['PATCH', '/api/subscriptions/admin/some-id', 'gzip'],
    ['POST', '/api/support/admin/login', 'br'],
    ['POST', '/api/no-such-route', 'deflate'],
  ])('%s %s with a false %s encoding answers 400 { error }', async (method, path, encoding) => {
    const res = await sendRaw(server.url, {
      method,
      path,
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      body: json,
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ error: 'Request body does not match its Content-Encoding' });
  });

  it('answers a truncated gzip body with 400 and still accepts a real one', async () => {
    const gzipped = gzipSync(json);
    const truncated = await sendRaw(server.url, {
      method: 'POST',
      path: '/api/subscriptions',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipped.subarray(0, gzipped.length - 8),
    });
    expect(truncated.status).toBe(400);
    const real = await sendRaw(server.url, {
      method: 'POST',
      path: '/api/subscriptions',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipped,
    });
    expect(real.status).toBe(202);
  });
});

describe('methods no route implements', () => {
  it('answers 405 with the Allow header of the path, not 501', async () => {
    const res = await sendRaw(server.url, { method: 'PROPFIND', path: '/api/subscriptions' });
    expect(res.status).toBe(405);
    expect(String(res.headers.allow)).toContain('POST');
    expect(JSON.parse(res.text)).toEqual({ error: 'Method not allowed' });
  });

  it.each(['PURGE', 'LINK', 'MKCOL'])(
    'answers %s on a path no route knows with 405 and an Allow header',
    async (method) => {
      const res = await sendRaw(server.url, { method, path: '/api/no-such-route' });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBeTruthy();
    },
  );
});

describe('an https PUBLIC_URL behind a TLS-terminating proxy', () => {
  it('logs in and out over the plain-http hop with a Secure cookie instead of a 500', async () => {
    const behindTls = await startTestServer({ env: { PUBLIC_URL: 'https://evently.example' } });
    try {
      const login = await sendRaw(behindTls.url, {
        method: 'POST',
        path: '/api/support/admin/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: behindTls.adminPassword }),
      });
      expect(login.status).toBe(200);
      expect(String(login.headers['set-cookie'])).toMatch(/; secure/i);
      expect((await sendRaw(behindTls.url, { method: 'POST', path: '/api/support/admin/logout' })).status).toBe(200);
    } finally {
      await behindTls.stop();
    }
  });
});
