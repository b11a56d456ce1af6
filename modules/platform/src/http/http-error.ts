/**
 * An error meant for the client: the error middleware answers `status` with `{ error: message }`.
 * Anything else thrown in a handler becomes a 500 with a generic message and is logged, never echoed.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details);
export const notFound = (message: string) => new HttpError(404, message);
