/**
 * Reading RTK Query failures: an HTTP status means the server answered (its `error` or `message` text is
 * worth showing); FETCH_ERROR, TIMEOUT_ERROR or a thrown error mean it did not.
 */
export interface RequestFailure {
  status?: unknown;
  data?: unknown;
}

export function httpStatusOf(error: unknown): number | undefined {
  const status = (error as RequestFailure | null | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

export function serverText(error: unknown): string | undefined {
  const body = (error as RequestFailure | null | undefined)?.data as
    { error?: unknown; message?: unknown } | null | undefined;
  return [body?.error, body?.message].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
}

export function isUnauthorized(error: unknown): boolean {
  return httpStatusOf(error) === 401;
}
