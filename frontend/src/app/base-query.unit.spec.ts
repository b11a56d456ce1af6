import { describe, expect, it } from 'vitest';
import { readJsonOrEmpty } from './base-query.ts';

describe('reading API answers', () => {
  it('parses a JSON body', async () => {
    expect(await readJsonOrEmpty(new Response('{"a":1}', { status: 200 }))).toEqual({ a: 1 });
  });

  it.each([
    ['204 No Content', new Response(null, { status: 204 })],
    ['an empty body', new Response('', { status: 200 })],
    ['a non-JSON body', new Response('<html>oops</html>', { status: 200 })],
  ])('treats %s as the empty fallback', async (_label, response) => {
    expect(await readJsonOrEmpty(response)).toBeNull();
  });
});
