import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PermanentMessageError } from './dead-letters.ts';
import { DependencyOutage, isOutage, outageOf } from './outage.ts';

const withFields = (message: string, fields: Record<string, unknown>, name = 'Error') =>
  Object.assign(new Error(message), { name, ...fields });

describe('telling an outage from a message that fails', () => {
  it('an adapter-marked DependencyOutage names its dependency', () => {
    expect(outageOf(new DependencyOutage('smtp', 'relay unavailable'))).toEqual({
      dependency: 'smtp',
      reason: 'relay unavailable',
    });
  });

  it.each([
    [
      'connection refused',
      withFields('connect ECONNREFUSED 127.0.0.1:25', { code: 'ECONNREFUSED', address: '127.0.0.1', port: 25 }),
      '127.0.0.1:25',
    ],
    ['a timeout', withFields('timed out', { code: 'ETIMEDOUT' }), 'network'],
    [
      'nodemailer losing the connection',
      withFields('Connection closed unexpectedly', { code: 'ECONNECTION' }),
      'network',
    ],
    ['an SMTP 4xx', withFields('451 Temporary failure', { responseCode: 451 }), 'smtp'],
    ['SQLITE_BUSY', withFields('database is locked', { code: 'SQLITE_BUSY' }, 'SqliteError'), 'sqlite'],
    ['a full disk', withFields('no space left on device', { code: 'ENOSPC' }), 'disk'],
    [
      'a mail folder without write permission',
      withFields("EACCES: permission denied, open '/data/mail/x.eml'", { code: 'EACCES' }),
      'disk',
    ],
    ['a read-only mount', withFields('EROFS: read-only file system', { code: 'EROFS' }), 'disk'],
    [
      'a read-only SQLite file',
      withFields('attempt to write a readonly database', { code: 'SQLITE_READONLY' }, 'SqliteError'),
      'sqlite',
    ],
    ['Elasticsearch unreachable', withFields('connect ECONNREFUSED', {}, 'ConnectionError'), 'elasticsearch'],
    [
      'Elasticsearch answering 503',
      withFields('unavailable_shards_exception', { meta: { statusCode: 503 } }, 'ResponseError'),
      'elasticsearch',
    ],
    [
      'Elasticsearch shedding load (429)',
      withFields('es_rejected_execution_exception', { statusCode: 429 }, 'ResponseError'),
      'elasticsearch',
    ],
    ['MongoDB without a primary', withFields('Server selection timed out', {}, 'MongoServerSelectionError'), 'mongodb'],
    [
      'a MongoDB error labelled retryable',
      withFields('not primary', { errorLabelSet: new Set(['RetryableWriteError']) }, 'MongoServerError'),
      'mongodb',
    ],
  ])('%s is an outage', (_label, error, dependency) => {
    expect(outageOf(error)?.dependency).toBe(dependency);
  });

  it('looks through causes and through every member of an AggregateError', () => {
    const refused = withFields('connect ECONNREFUSED ::1:25', { code: 'ECONNREFUSED' });
    expect(isOutage(new Error('projection failed', { cause: refused }))).toBe(true);
    expect(
      isOutage(
        new AggregateError([refused, withFields('connect ECONNREFUSED 127.0.0.1:25', { code: 'ECONNREFUSED' })]),
      ),
    ).toBe(true);
    // One member that is the message's fault makes the whole a message failure.
    expect(isOutage(new AggregateError([refused, new Error('bad input')]))).toBe(false);
  });

  it.each([
    [
      'a schema refusal',
      (() => {
        try {
          z.object({ n: z.number() }).parse({ n: 'x' });
        } catch (error) {
          return error;
        }
        return null;
      })(),
    ],
    ['a permanent message error', new PermanentMessageError('recipient refused')],
    ['a bug on this input', new TypeError("Cannot read properties of undefined (reading 'city')")],
    [
      'a document the engine refuses (400)',
      withFields('mapper_parsing_exception', { meta: { statusCode: 400 } }, 'ResponseError'),
    ],
    ['an SMTP 5xx', withFields('550 Mailbox unavailable', { responseCode: 550 })],
    ['our own HttpError, whatever its status', withFields('Internal error', { status: 500 }, 'HttpError')],
    [
      'a unique constraint',
      withFields('UNIQUE constraint failed', { code: 'SQLITE_CONSTRAINT_UNIQUE' }, 'SqliteError'),
    ],
  ])('%s is caused by the message', (_label, error) => {
    expect(outageOf(error)).toBeNull();
  });
});
