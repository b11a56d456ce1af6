/**
 * Hostile and careless requests from a seeded PRNG: the same seed gives the same requests, so a failure
 * printed by the suite can be replayed exactly.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Random } from '@evently/platform';
import type { RawRequest } from './raw-request.ts';
import { fillParams, type MountedRoute } from './route-table.ts';

/** Strings that break naive parsers: numbers at the edges, FTS and query syntax, traversal, NUL, huge. */
const NASTY_TEXT = [
  '',
  ' ',
  'x',
  '0',
  '-1',
  '1.5',
  '99999999999999999999999',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  'null',
  'true',
  '"',
  '"unterminated',
  "'",
  "' OR 1=1 --",
  'foo* OR bar NEAR(',
  'a AND (b OR',
  '*',
  '"*"',
  'NOT',
  '^x',
  'title:x',
  'col:*',
  '-',
  '--',
  '()',
  '{',
  '[',
  '\\',
  '%',
  '%00',
  '\u0000',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'ü日本語🙂',
  '\u202e',
  'A'.repeat(43),
  'a'.repeat(5_000),
  '2026-02-30',
  '9999-12-31T99:99:99Z',
  '{"$gt":""}',
  '$where',
  '__proto__',
  'constructor',
];

const QUERY_KEYS = [
  'q',
  'page',
  'per_page',
  'limit',
  'offset',
  'sort',
  'order',
  'status',
  'search',
  'city',
  'country',
  'category',
  'lat',
  'lon',
  'lng',
  'radius',
  'radius_km',
  'from',
  'to',
  'date',
  'id',
  'ids',
  'slug',
  'tag',
  'rating',
  'cursor',
];

const BODY_KEYS = [
  'email',
  'name',
  'country',
  'city',
  'password',
  'message',
  'subject',
  'category',
  'status',
  'rating',
  'title',
  'body',
  'content',
  'event_id',
  'radius_km',
  'is_active',
  'website',
  'phone',
  'company',
  'token',
  'number',
  'reply',
];

const UNKNOWN_METHODS = ['PROPFIND', 'PURGE', 'LINK', 'UNLINK', 'MKCOL', 'LOCK', 'REPORT'];

/** Pages of other origins a browser may name in `Origin` or `Referer`: siblings, look-alikes, opaque ones. */
const FOREIGN_ORIGINS = [
  'http://127.0.0.1:1',
  'https://evil.example',
  'https://evently.example.evil.example',
  'https://sub.evently.example',
  'http://evently.example',
  'null',
  'file://',
  'chrome-extension://abcdef',
];

function nastyValue(random: Random, depth = 0): unknown {
  switch (random.int(0, 9)) {
    case 0:
      return random.pick([0, -1, 1.5, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER]);
    case 1:
      return random.pick([true, false, null]);
    case 2:
      return depth < 3 ? Array.from({ length: random.int(0, 4) }, () => nastyValue(random, depth + 1)) : [];
    case 3:
      return depth < 3 ? nastyObject(random, depth + 1) : {};
    case 4:
      return 'x'.repeat(random.pick([256, 10_000, 200_000]));
    default:
      return random.pick(NASTY_TEXT);
  }
}

function nastyObject(random: Random, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let i = random.int(0, 6); i > 0; i -= 1) object[random.pick(BODY_KEYS)] = nastyValue(random, depth);
  if (random.chance(0.1)) object[random.pick(['__proto__', 'constructor', '$set', 'a.b'])] = { polluted: true };
  return object;
}

function deeplyNested(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

function nastyQuery(random: Random): string {
  const params: string[] = [];
  for (let i = random.int(0, 4); i > 0; i -= 1) {
    const key = random.pick(QUERY_KEYS);
    const shape = random.int(0, 4);
    const value = encodeURIComponent(String(nastyValue(random, 3)));
    if (shape === 0) params.push(`${key}=${value}&${key}=${encodeURIComponent(random.pick(NASTY_TEXT))}`);
    else if (shape === 1) params.push(`${key}[$gt]=${value}`);
    else if (shape === 2) params.push(`${key}[]=${value}`);
    else params.push(`${key}=${value}`);
  }
  return params.length > 0 ? `?${params.join('&')}` : '';
}

type Body = { headers: Record<string, string>; body: Buffer | string };

/**
 * What a plain HTML form on another page can post without a CORS preflight, in its three encodings; text/plain
 * with the JSON-looking body a form builds from one field named `{"a":"` and the value `"}`.
 */
function htmlFormBody(random: Random, json: string): Body {
  switch (random.int(0, 2)) {
    case 0:
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `status=published&title=${encodeURIComponent(random.pick(NASTY_TEXT))}`,
      };
    case 1:
      return {
        headers: { 'content-type': 'multipart/form-data; boundary=----form' },
        body: `------form\r\nContent-Disposition: form-data; name="${random.pick(BODY_KEYS)}"\r\n\r\n${random.pick(NASTY_TEXT)}\r\n------form--\r\n`,
      };
    default:
      return { headers: { 'content-type': 'text/plain' }, body: `${json.slice(0, -1)},"x":"="}` };
  }
}

function nastyBody(random: Random): Body {
  const json = { 'content-type': 'application/json' };
  const valid = JSON.stringify(nastyObject(random));
  switch (random.int(0, 12)) {
    case 0:
      return { headers: json, body: random.pick(['{"email":', '{', '[', 'nul', '{"a":1,}', "{'a':1}", '\u0000', '']) };
    case 1:
      return { headers: json, body: JSON.stringify(random.pick([[], [1, 2], 42, '"text"', null, true])) };
    case 2:
      return { headers: json, body: deeplyNested(random.pick([50, 2_000])) };
    case 3:
      return { headers: { ...json, 'content-encoding': random.pick(['gzip', 'br', 'deflate']) }, body: valid };
    case 4:
      return {
        headers: { ...json, 'content-encoding': random.pick(['x-unknown', 'compress', 'gzip, br']) },
        body: gzipSync(valid),
      };
    case 5:
      return { headers: { ...json, 'content-encoding': 'br' }, body: brotliCompressSync(valid) };
    case 6:
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `a=1&b[c]=2&${random.pick(BODY_KEYS)}=${encodeURIComponent(random.pick(NASTY_TEXT))}`,
      };
    case 7:
      return {
        headers: {
          'content-type': random.pick([
            'text/plain',
            'application/xml',
            'multipart/form-data; boundary=x',
            'application/json; charset=utf-7',
          ]),
        },
        body: valid,
      };
    case 8:
      return { headers: json, body: JSON.stringify({ data: 'x'.repeat(1_500_000) }) };
    case 9:
      return htmlFormBody(random, valid);
    default:
      return { headers: json, body: valid };
  }
}

export interface FuzzOptions {
  adminPassword: string;
  /** The server's own origin, which pages may write from. */
  siteOrigin: string;
}

/** Where a fuzzed request says it comes from, as a browser would: `Origin`, or only `Referer`, or nothing. */
function originHeaders(random: Random, siteOrigin: string): Record<string, string> {
  switch (random.int(0, 5)) {
    case 0:
      return { origin: random.pick(FOREIGN_ORIGINS) };
    case 1:
      return {
        referer: `${random.pick(FOREIGN_ORIGINS.filter((origin) => origin.includes('//')))}/page?q=${encodeURIComponent(random.pick(NASTY_TEXT))}`,
      };
    case 2:
      return { origin: siteOrigin };
    case 3:
      return { referer: `${siteOrigin}/admin` };
    default:
      return {};
  }
}

/** One request against `route`: a method it has (mostly) or an unknown one, nasty params, query and body. */
export function fuzzRequest(
  random: Random,
  route: MountedRoute,
  { adminPassword, siteOrigin }: FuzzOptions,
): RawRequest {
  const method = random.chance(0.1) ? random.pick(UNKNOWN_METHODS) : random.pick(route.methods);
  const path =
    fillParams(route.path, () => String(random.chance(0.2) ? random.int(1, 50) : random.pick(NASTY_TEXT))) +
    nastyQuery(random);
  const headers: Record<string, string> = originHeaders(random, siteOrigin);
  // Half the requests carry the admin credential, so handlers behind `requireAdmin` are fuzzed as well.
  if (random.chance(0.5)) headers['x-admin-password'] = adminPassword;
  if (method === 'GET' || method === 'HEAD' || random.chance(0.1)) return { method, path, headers };
  const { headers: bodyHeaders, body } = nastyBody(random);
  return { method, path, headers: { ...headers, ...bodyHeaders }, body };
}
