import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { silentLogger } from '@evently/platform';
import { answerCheckWanted, checkApiAnswers } from './answer-check.ts';
import type { ApiRoute } from './api-route.ts';

const route: ApiRoute = {
  method: 'get',
  path: '/api/things/:id',
  tag: 'things',
  summary: 'One thing',
  responses: { 200: 'The thing', 404: 'Not found' },
  answers: { 200: z.object({ id: z.number(), name: z.string() }) },
};

interface FakeContext {
  method: string;
  status: number;
  body: unknown;
  _matchedRoute?: string;
  response: { is(type: string): string | false };
}

async function answered(body: unknown, { status = 200, matched = route.path, json = false } = {}) {
  const ctx: FakeContext = {
    method: 'GET',
    status: 0,
    body: undefined,
    response: { is: (type) => (json && type === 'json' ? 'json' : false) },
  };
  await checkApiAnswers([route], silentLogger())(ctx as unknown as Context, async () => {
    ctx.status = status;
    ctx.body = body;
    ctx._matchedRoute = matched;
  });
  return { status: ctx.status, body: ctx.body };
}

describe('checkApiAnswers', () => {
  it('lets an answer that matches its schema through untouched', async () => {
    const body = { id: 1, name: 'Lamp' };
    expect(await answered(body)).toEqual({ status: 200, body });
  });

  it('fails a drifting answer loudly with the field that drifted', async () => {
    const { status, body } = await answered({ id: '1', name: 'Lamp' });
    expect(status).toBe(500);
    expect((body as { error: string }).error).toMatch(
      /^answer does not match the API document: GET \/api\/things\/:id 200: id: /,
    );
  });

  it('checks the wire form: dates become strings as JSON.stringify sends them', async () => {
    const { status } = await answered({ id: 1, name: new Date(0) });
    expect(status).toBe(200);
  });

  it('reads text that is already JSON', async () => {
    expect((await answered('{"id":1}', { json: true })).status).toBe(500);
    expect((await answered('{"id":1,"name":"Lamp"}', { json: true })).status).toBe(200);
  });

  it('refuses a success status the document does not list', async () => {
    expect((await answered({ id: 1, name: 'Lamp' }, { status: 201 })).status).toBe(500);
  });

  it('leaves error answers without a schema of their own, other routes and other media alone', async () => {
    expect(await answered({ error: 'Not found' }, { status: 404 })).toEqual({
      status: 404,
      body: { error: 'Not found' },
    });
    expect((await answered({ anything: true }, { matched: '/api/other' })).status).toBe(200);
    expect((await answered('<p>page</p>')).status).toBe(200);
  });

  it('is wanted only when asked for, and never in production', () => {
    expect(answerCheckWanted({ CHECK_API_ANSWERS: '1' })).toBe(true);
    expect(answerCheckWanted({})).toBe(false);
    expect(answerCheckWanted({ CHECK_API_ANSWERS: '1', NODE_ENV: 'production' })).toBe(false);
  });
});
