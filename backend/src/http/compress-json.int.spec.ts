import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_THREAD_BYTES, brotliQuality, brotliWindowBits, compressJson } from './compress-json.ts';

const big = { data: Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Event ${index}` })) };
/** Past 64 KB, as a list page of 100 cards. */
const list = { data: Array.from({ length: 3000 }, (_, index) => ({ id: index, name: `Event ${index}` })) };
/** Past the size compressed in the request's thread: compressed in libuv's pool. */
const huge = { data: Array.from({ length: 25_000 }, (_, index) => ({ id: index, name: `Event ${index}` })) };
const html = `<!doctype html><html><body>${'<p>Event card</p>'.repeat(200)}</body></html>`;
/** A list page whose items change between requests, as the catalogue does when a feed writes. */
let changing = { data: Array.from({ length: 3000 }, (_, index) => ({ id: index, name: `Event ${index}` })) };
let server: ReturnType<Koa['listen']>;
let base: string;

beforeAll(async () => {
  const app = new Koa();
  app.use(compressJson());
  app.use((ctx) => {
    if (ctx.path === '/page') {
      ctx.type = 'html';
      ctx.body = html;
      return;
    }
    if (ctx.path === '/changing') {
      // Sent as JSON text, as the search answers are.
      ctx.type = 'json';
      ctx.body = JSON.stringify(changing);
      return;
    }
    ctx.body = ctx.path === '/small' ? { ok: true } : ctx.path === '/list' ? list : ctx.path === '/huge' ? huge : big;
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
    const req = request(
      `${base}${path}`,
      { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
      },
    );
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

  it('compresses JSON at Brotli quality 4, JSON past 64 KB (list pages) at 1 and HTML at 5', async () => {
    const brotliAt = (text: string, quality: number) =>
      brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(Buffer.byteLength(text)),
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
        },
      });
    // The two qualities give different bytes for both bodies, so each comparison tells them apart.
    expect(brotliAt(JSON.stringify(big), 4).equals(brotliAt(JSON.stringify(big), 5))).toBe(false);
    expect(brotliAt(html, 4).equals(brotliAt(html, 5))).toBe(false);
    const json = await get('/', 'br');
    expect(json.body.equals(brotliAt(JSON.stringify(big), 4))).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(list))).toBeGreaterThan(64 * 1024);
    expect(brotliAt(JSON.stringify(list), 1).equals(brotliAt(JSON.stringify(list), 4))).toBe(false);
    expect((await get('/list', 'br')).body.equals(brotliAt(JSON.stringify(list), 1))).toBe(true);
    const page = await get('/page', 'br');
    expect(page.response.headers['content-type']).toContain('text/html');
    expect(page.body.equals(brotliAt(html, 5))).toBe(true);
  });

  it('gives the same bytes for answers compressed in the pool, past the size compressed in the thread', async () => {
    const text = JSON.stringify(huge);
    expect(Buffer.byteLength(text)).toBeGreaterThan(IN_THREAD_BYTES);
    const brotli = await get('/huge', 'br');
    const expected = brotliCompressSync(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 1,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(Buffer.byteLength(text)),
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    });
    expect(brotli.response.headers['content-encoding']).toBe('br');
    expect(brotli.body.equals(expected)).toBe(true);
    const gzipped = await get('/huge', 'gzip');
    expect(gzipped.response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(text);
  });

  it('given a large answer asked for again, then the same bytes, and once it changed, the changed answer', async () => {
    const first = await get('/changing', 'br');
    const again = await get('/changing', 'br');
    expect(again.body.equals(first.body)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(again.body).toString())).toEqual(changing);
    // Same length, other content: the kept bytes of the first answer must not be sent for it.
    changing = { data: changing.data.map((item) => (item.id === 7 ? { ...item, name: 'Event 8' } : item)) };
    const changed = await get('/changing', 'br');
    expect(changed.body.equals(first.body)).toBe(false);
    expect(JSON.parse(brotliDecompressSync(changed.body).toString())).toEqual(changing);
    const gzipped = await get('/changing', 'gzip');
    expect(JSON.parse(gunzipSync(gzipped.body).toString())).toEqual(changing);
  });

  it('chooses the quality by type and size: the fastest for JSON past 64 KB', () => {
    expect(brotliQuality('application/json', 65_536)).toBe(4);
    expect(brotliQuality('application/json', 65_537)).toBe(1);
    expect(brotliQuality('text/html', 500_000)).toBe(5);
  });

  it('sizes the Brotli window to the answer: the smallest power of two that holds it, 64 KB to 4 MB', () => {
    expect(brotliWindowBits(0)).toBe(16);
    expect(brotliWindowBits(2_815)).toBe(16);
    expect(brotliWindowBits(65_536)).toBe(16);
    expect(brotliWindowBits(65_537)).toBe(17);
    expect(brotliWindowBits(76_247)).toBe(17);
    expect(brotliWindowBits(762_040)).toBe(20);
    expect(brotliWindowBits(50_000_000)).toBe(22);
  });
});
