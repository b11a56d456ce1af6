/**
 * Compresses JSON answers (and the HTML shell) when the client accepts it: Brotli at a fast level, else gzip.
 * A page of cards sits on the critical path of the home page's first paint, and on a phone's connection its
 * uncompressed bytes cost most of a second. Built files are served precompressed by koa-send instead
 * (frontend/precompress-plugin.ts); streams are left alone.
 *
 * Levels are chosen for CPU, since every list request pays them on the cores the searches share: JSON at
 * Brotli quality 4 (HTML 5), and quality 1 past 64 KB (list and map pages), where it takes a fraction of
 * quality 4's CPU for slightly more bytes. The Brotli window is sized to the answer: the default 4 MB window
 * made every encoder allocate megabytes that V8 counts as external memory, forcing frequent major garbage
 * collections, while a window just larger than the answer compresses to the same size.
 *
 * Answers up to 512 KB are compressed in the request's own thread, not in libuv's pool: the pool's round trip
 * and the encoder's memory, which a pool thread maps afresh for each answer, cost more than the compression
 * itself. Larger answers still go to the pool, so the event loop never waits long for one. The measurements
 * behind these choices are in docs/performance.md's history.
 *
 * The compressed bytes of the last large answers are kept by their text (kept-compressions.ts): a page asked
 * for again (its URL asked for before) while nothing changed is not compressed again.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import type { Middleware } from 'koa';
import { keptCompressions } from './kept-compressions.ts';

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
/** Answers from this size on keep their compressed bytes; smaller ones cost little to compress again. */
const KEPT_MIN_BYTES = 16 * 1024;
/** How many compressed answers are kept, and how much text they may hold together. */
const KEPT_ENTRIES = 48;
const KEPT_TEXT_CHARS = 8 * 1024 * 1024;

/** Brotli quality for an answer of this type and size (see the top of the file). */
export function brotliQuality(type: string, bytes: number): number {
  if (type !== 'application/json') return 5;
  return bytes > LARGE_JSON_BYTES ? 1 : 4;
}

export function compressJson(): Middleware {
  const kept = keptCompressions({ entries: KEPT_ENTRIES, textChars: KEPT_TEXT_CHARS });
  return async (ctx, next) => {
    await next();
    if (ctx.method === 'HEAD' || ctx.status === 204 || ctx.status === 304 || ctx.response.get('Content-Encoding'))
      return;
    const body: unknown = ctx.body;
    if (
      body === null ||
      body === undefined ||
      typeof (body as { pipe?: unknown }).pipe === 'function' ||
      Buffer.isBuffer(body)
    )
      return;
    const type = ctx.response.type || '';
    if (!COMPRESSIBLE.test(type)) return;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    // Sent as this text when not compressed, so Koa does not serialise the object a second time.
    if (text !== body) ctx.body = text;
    const bytes = Buffer.byteLength(text);
    if (bytes < MIN_BYTES) return;
    ctx.vary('Accept-Encoding');
    // Brotli whenever the client takes it (clients list gzip first out of habit, not preference).
    const encoding =
      ctx.acceptsEncodings('br') === 'br' ? 'br' : ctx.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : undefined;
    if (!encoding) return;
    const options: BrotliOptions = {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(type, bytes),
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(bytes),
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
      },
    };
    const inThread = bytes <= IN_THREAD_BYTES;
    const keeps = inThread && bytes >= KEPT_MIN_BYTES;
    // The quality depends on the type, so the type is part of what the bytes are kept under.
    const keptAs = `${encoding} ${type}`;
    const reused = keeps ? kept.get(keptAs, text) : undefined;
    const compressed =
      reused ??
      (encoding === 'br'
        ? inThread
          ? brotliCompressSync(text, options)
          : await brotli(text, options)
        : inThread
          ? gzipSync(text, { level: 6 })
          : await gz(text, { level: 6 }));
    if (keeps && !reused) kept.keep(keptAs, text, compressed, ctx.url);
    // The body's type is kept: setting a Buffer body would otherwise make Koa call it application/octet-stream.
    ctx.body = compressed;
    ctx.type = type;
    ctx.set('Content-Encoding', encoding);
  };
}
