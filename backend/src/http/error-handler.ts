/**
 * Turns anything thrown below it into a JSON answer `{ error }`. Client mistakes get their 4xx and a message
 * meant for people; everything else is a 500 with a fixed message, logged with its stack here and never sent.
 */
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ConcurrencyError, HttpError, UniqueConstraintError } from '@evently/platform';

interface ClientError {
  status: number;
  error: string;
}

/** Errors from koa / co-body / raw-body carry `status` and `expose`; `type` tells parse errors apart. */
function isHttpLikeError(
  error: unknown,
): error is { status: number; expose?: boolean; type?: string; message: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

function describeZod(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'Invalid input';
  const path = first.path.join('.');
  return path ? `${path}: ${first.message}` : first.message;
}

/**
 * A body whose `Content-Encoding` (gzip, deflate, br) does not match its bytes fails inside zlib while the
 * body parser inflates it. Those errors carry zlib's code and no HTTP status, but the fault is the client's.
 */
function isBadBodyEncoding(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (/^Z_[A-Z_]+$/.test(code) || /^ERR_(_ERROR_|BROTLI)/.test(code));
}

export function toClientError(error: unknown): ClientError | undefined {
  if (error instanceof HttpError) return { status: error.status, error: error.message };
  if (error instanceof z.ZodError) return { status: 400, error: describeZod(error) };
  if (error instanceof ConcurrencyError) {
    return { status: 409, error: 'This item was changed by someone else. Please reload and try again.' };
  }
  if (error instanceof UniqueConstraintError) return { status: 409, error: 'This item already exists.' };
  if (isBadBodyEncoding(error)) return { status: 400, error: 'Request body does not match its Content-Encoding' };
  if (isHttpLikeError(error) && error.status >= 400 && error.status < 500) {
    if (error.status === 413) return { status: 413, error: 'Request body too large' };
    if (error.status === 415) return { status: 415, error: 'Unsupported content type' };
    // co-body rethrows JSON.parse's SyntaxError with status 400; raw-body style errors name the type.
    if (error instanceof SyntaxError || error.type === 'entity.parse.failed')
      return { status: 400, error: 'Malformed JSON body' };
    if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
      return { status: 415, error: 'Unsupported content encoding' };
    }
    return { status: error.status, error: error.expose ? error.message : 'Bad request' };
  }
  return undefined;
}

export function errorHandler(rootLogger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // Unmatched API routes (404) and wrong methods (405 from allowedMethods) end here without a body.
      if (ctx.body === undefined && ctx.status >= 400 && /^\/api(\/|$)/.test(ctx.path)) {
        const status = ctx.status;
        ctx.body = { error: status === 404 ? 'Not found' : status === 405 ? 'Method not allowed' : 'Request failed' };
        ctx.status = status;
      }
    } catch (error) {
      const logger = (ctx.state.logger as Logger | undefined) ?? rootLogger;
      const clientError = toClientError(error);
      // Headers set by handlers before the throw (e.g. caching) must not describe the error answer.
      ctx.remove('Cache-Control');
      ctx.remove('ETag');
      if (clientError) {
        ctx.status = clientError.status;
        ctx.body = { error: clientError.error };
        return;
      }
      logger.error({ err: error, method: ctx.method, url: ctx.originalUrl }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: 'Internal server error' };
    }
  };
}
