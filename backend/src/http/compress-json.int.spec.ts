import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressJson } from './compress-json.ts';

const big = { data: Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Event ${index}` })) };
let server: ReturnType<Koa['listen']>;
let base: string;

beforeAll(async () => {
  const app = new Koa();
  app.use(compressJson());
  app.use((ctx) => {
    ctx.body = ctx.path === '/small' ? { ok: true } : big;
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

function get(path: string, acceptEncoding?: string): Promise<{ response: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('JSON compression', () => {
  it('answers Brotli when accepted, keeping the JSON type', async () => {
    const { response, body } = await get('/', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(body).toString())).toEqual(big);
  });

  it('falls back to gzip, and sends plain JSON when nothing is accepted or the body is small', async () => {
    const gzipped = await get('/', 'gzip');
    expect(gzipped.response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.body).toString())).toEqual(big);
    const plain = await get('/');
    expect(plain.response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(big);
    const small = await get('/small', 'br');
    expect(small.response.headers['content-encoding']).toBeUndefined();
  });
});
