/**
 * Compresses JSON answers (and the HTML shell) when the client accepts it: Brotli at a fast level, else gzip.
 * A page of 100 events is about 130 KB of JSON and sits on the critical path of the home page's first cards;
 * compressed it is about a sixth of that, which on a phone's connection is most of a second (issue 17). Built
 * files are served precompressed by koa-send instead (frontend/precompress-plugin.ts); streams are left alone.
 *
 * JSON answers use Brotli quality 4, HTML quality 5: on a page of 100 list cards quality 4 costs about 0.5 ms of
 * CPU instead of 0.8 ms for 12-16 % more bytes (10.8 instead of 9.7 KB), and every list request pays it on the
 * two cores the searches share (issue 14, docs/performance.md). JSON answers past 64 KB (list pages of 100 cards,
 * about 76 KB; map pages of 1,000 pins, 156 KB) use quality 1: once the answers themselves were spliced from
 * stored texts, compressing them was the largest CPU cost of a card page left on the main process, and quality 1
 * takes about a third of quality 4's CPU for 10-13 % more bytes (12.1 instead of 10.8 KB a card page, 20.9
 * instead of 19.0 KB a map page). Smaller answers (an event, filter options) keep quality 4, where the CPU is
 * small either way. The Brotli window is sized to the answer: the
 * default 4 MB window made every encoder allocate megabytes that V8 counts as external memory, so a major
 * garbage collection ran every dozen answers (2-3 ms of CPU per request at 16 clients); a window just larger
 * than the answer compresses to the same size.
 *
 * Answers up to 512 KB (every list and map page) are compressed in the request's own thread, not in libuv's
 * pool: the pool's round trip (a zlib stream per answer, a hand-off to a pool thread and back) and the encoder's
 * memory, which a pool thread maps afresh for each answer and the main thread reuses, cost more than the
 * compression itself. Measured in isolation at 16 answers in flight (load 9): a card page 0.92-1.03 ms of CPU in
 * the pool against 0.30-0.42 ms in the thread, a map page of 1,000 pins 1.01-1.36 against 0.46-0.57 ms, with the
 * same bytes. Larger answers still go to the pool, so the event loop never waits long for one.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import type { Middleware } from 'koa';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const MIN_BYTES = 1024;
/** Answers up to this size are compressed in the request's thread (see the top of the file). */
export const IN_THREAD_BYTES = 512 * 1024;

/** The smallest Brotli window (2^bits bytes) that holds the whole answer, between 64 KB and Brotli's default 4 MB. */
export function brotliWindowBits(bytes: number): number {
  return Math.min(constants.BROTLI_DEFAULT_WINDOW, Math.max(16, Math.ceil(Math.log2(Math.max(1, bytes)))));
}
const COMPRESSIBLE = /^(application\/(json|xml)|text\/html)/;
/** JSON answers larger than this are list pages: compressed at the fastest quality. */
const LARGE_JSON_BYTES = 64 * 1024;

/** Brotli quality for an answer of this type and size (see the top of the file). */
export function brotliQuality(type: string, bytes: number): number {
  if (type !== 'application/json') return 5;
  return bytes > LARGE_JSON_BYTES ? 1 : 4;
}

export function compressJson(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method === 'HEAD' || ctx.status === 204 || ctx.status === 304 || ctx.response.get('Content-Encoding')) return;
    const body: unknown = ctx.body;
    if (body === null || body === undefined || typeof (body as { pipe?: unknown }).pipe === 'function' || Buffer.isBuffer(body)) return;
    const type = ctx.response.type || '';
    if (!COMPRESSIBLE.test(type)) return;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    // Sent as this text when not compressed, so Koa does not serialise the object a second time.
    if (text !== body) ctx.body = text;
    const bytes = Buffer.byteLength(text);
    if (bytes < MIN_BYTES) return;
    ctx.vary('Accept-Encoding');
    // Brotli whenever the client takes it (clients list gzip first out of habit, not preference).
    const encoding = ctx.acceptsEncodings('br') === 'br' ? 'br' : ctx.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : undefined;
    if (!encoding) return;
    const options: BrotliOptions = {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(type, bytes),
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(bytes),
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
      },
    };
    const inThread = bytes <= IN_THREAD_BYTES;
    const compressed =
      encoding === 'br'
        ? inThread
          ? brotliCompressSync(text, options)
          : await brotli(text, options)
        : inThread
          ? gzipSync(text, { level: 6 })
          : await gz(text, { level: 6 });
    // The body's type is kept: setting a Buffer body would otherwise make Koa call it application/octet-stream.
    ctx.body = compressed;
    ctx.type = type;
    ctx.set('Content-Encoding', encoding);
  };
}
