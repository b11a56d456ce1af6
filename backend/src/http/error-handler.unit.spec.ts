import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConcurrencyError, HttpError, UniqueConstraintError } from '@evently/platform';
import { toClientError } from './error-handler.ts';

describe('toClientError', () => {
  it('passes an HttpError through with its status and message', () => {
    expect(toClientError(new HttpError(404, 'Event not found'))).toEqual({ status: 404, error: 'Event not found' });
  });

  it('turns a zod error into a 400 naming the first bad field', () => {
    const result = z.object({ city: z.string() }).safeParse({ city: 3 });
    expect(result.success).toBe(false);
    expect(toClientError(result.error)).toMatchObject({ status: 400, error: expect.stringMatching(/^city: /) });
  });

  it('answers write conflicts with 409', () => {
    expect(toClientError(new ConcurrencyError('events', '1', 2))?.status).toBe(409);
    expect(toClientError(new UniqueConstraintError('subscribers', ['email']))?.status).toBe(409);
  });

  it('keeps the message of an exposed 4xx from a library but hides an unexposed one', () => {
    expect(toClientError(Object.assign(new Error('Unsupported charset'), { status: 415, expose: true }))).toEqual({
      status: 415,
      error: 'Unsupported content type',
    });
    expect(toClientError(Object.assign(new Error('internal detail'), { status: 422 }))).toEqual({
      status: 422,
      error: 'Bad request',
    });
  });

  it('leaves anything else to the 500 path', () => {
    expect(toClientError(new Error('boom'))).toBeUndefined();
    expect(toClientError(Object.assign(new Error('upstream'), { status: 502 }))).toBeUndefined();
    expect(toClientError('a string')).toBeUndefined();
  });
});
