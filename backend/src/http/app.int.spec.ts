/**
 * The Koa app's cross-cutting behaviour over real HTTP on 127.0.0.1, with small routers standing in for
 * modules: error shapes, body limits, health, security headers, request ids and the SPA fallback.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badRequest, parseBody, silentLogger } from '@evently/platform';
import { createApp } from './app.ts';
import { createHttpServer, listen, type RunningHttpServer } from './http-server.ts';

let running: RunningHttpServer;
let url: string;
let staticRoot: string;
let searchUp = true;

beforeAll(async () => {
  staticRoot = mkdtempSync(path.join(tmpdir(), 'evently-dist-'));
  mkdirSync(path.join(staticRoot, 'assets'));
  writeFileSync(path.join(staticRoot, 'index.html'), '<!doctype html><title>Evently</title><div id="root"></div>');
  writeFileSync(path.join(staticRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(staticRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  const router = new Router();
  router.post('/api/echo', (ctx) => {
    ctx.body = parseBody(ctx, z.object({ name: z.string().min(1) }));
  });
  router.get('/api/bad', () => {
    throw badRequest('Pick a date');
  });
  router.get('/api/zod', () => {
    z.object({ page: z.number() }).parse({ page: 'x' });
  });
  router.get('/api/boom', () => {
    throw new Error('secret internal detail at /srv/db.sqlite');
  });

  const app = createApp({
    logger: silentLogger(),
    routers: [router],
    staticRoot,
    corsOrigins: ['http://allowed.example'],
    readiness: [
      { name: 'store', ping: async () => {} },
      {
        name: 'search',
        ping: async () => {
          if (!searchUp) throw new Error('connection refused');
        },
      },
    ],
  });
  running = await listen(createHttpServer(app), 0, '127.0.0.1');
  url = `http://127.0.0.1:${running.port}`;
});

afterAll(async () => {
  await running.stop();
  rmSync(staticRoot, { recursive: true, force: true });
});

interface ErrorBody {
  error?: string;
  checks?: Record<string, string>;
}
const bodyOf = async (res: Response) => (await res.json()) as ErrorBody;

const postJson = (route: string, body: string) =>
  fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('error answers', () => {
  it('parses a valid JSON body', async () => {
    const res = await postJson('/api/echo', JSON.stringify({ name: 'Ada' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'Ada' });
  });

  it('answers a malformed JSON body with 400', async () => {
    const res = await postJson('/api/echo', '{"name": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Malformed JSON body' });
  });

  it('answers an invalid body with 400 naming the field', async () => {
    const res = await postJson('/api/echo', JSON.stringify({ name: '' }));
    expect(res.status).toBe(400);
    expect((await bodyOf(res)).error).toMatch(/^name: /);
  });

  it('answers an oversized body with 413', async () => {
    const res = await postJson('/api/echo', JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body too large' });
  });

  it('answers an HttpError with its status and message', async () => {
    const res = await fetch(`${url}/api/bad`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Pick a date' });
  });

  it('answers an uncaught zod error with 400', async () => {
    const res = await fetch(`${url}/api/zod`);
    expect(res.status).toBe(400);
    expect((await bodyOf(res)).error).toMatch(/^page: /);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    for (const route of ['/api/nothing-here', '/api']) {
      const res = await fetch(`${url}${route}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found' });
    }
  });

  it('answers a wrong method on a known API route with a JSON 405', async () => {
    const res = await fetch(`${url}/api/bad`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ error: 'Method not allowed' });
  });

  it('hides unexpected errors behind a generic 500 without a stack or detail', async () => {
    const res = await fetch(`${url}/api/boom`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: 'Internal server error' });
    expect(text).not.toMatch(/secret|at |\.ts/);
  });
});

describe('health', () => {
  it('answers /healthz while the process is up', async () => {
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 200 when every dependency answers and 503 naming the one that does not', async () => {
    searchUp = true;
    const ok = await fetch(`${url}/readyz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok', checks: { store: 'ok', search: 'ok' } });

    searchUp = false;
    const down = await fetch(`${url}/readyz`);
    expect(down.status).toBe(503);
    const body = await bodyOf(down);
    expect(body.checks).toEqual({ store: 'ok', search: 'unavailable' });
    expect(body.error).toContain('search');
    expect(JSON.stringify(body)).not.toContain('connection refused');
    searchUp = true;
  });
});

describe('headers', () => {
  it('sets security headers, including a CSP that forbids framing', async () => {
    const res = await fetch(`${url}/healthz`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('keeps a well-formed incoming request id and makes one up otherwise', async () => {
    const kept = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const made = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows only configured origins cross-origin', async () => {
    const allowed = await fetch(`${url}/healthz`, { headers: { origin: 'http://allowed.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://allowed.example');
    const other = await fetch(`${url}/healthz`, { headers: { origin: 'http://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('single-page app', () => {
  it('serves index.html at / and for client routes, revalidated on every visit', async () => {
    for (const route of ['/', '/event/42', '/admin']) {
      const res = await fetch(`${url}${route}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await fetch(`${url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${url}/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('does not answer a missing file or a non-HTML request with the page', async () => {
    expect((await fetch(`${url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${url}/event/42`, { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it('refuses paths that climb out of the build directory', async () => {
    const res = await fetch(`${url}/..%2f..%2fetc%2fpasswd`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await res.text()).not.toContain('root:');
  });
});
