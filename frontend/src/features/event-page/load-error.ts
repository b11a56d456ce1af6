/** Texts for failed calls, read from RTK Query's error shapes. */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

type QueryError = FetchBaseQueryError | SerializedError | undefined;

/** The server's `{ error }` (or `{ message }`) text when the answer carried one. */
export function serverText(error: QueryError): string | undefined {
  if (!error || !('status' in error)) return error?.message?.trim() || undefined;
  const data: unknown = 'data' in error ? error.data : undefined;
  if (typeof data === 'object' && data !== null) {
    for (const key of ['error', 'message'] as const) {
      const text = (data as Record<string, unknown>)[key];
      if (typeof text === 'string' && text.trim()) return text.trim();
    }
  }
  return undefined;
}

/** Spec 01 §8: the event page says 'Event not found' or the server's text. */
export function eventLoadErrorTitle(error: QueryError): string {
  return serverText(error) ?? 'Event not found';
}

/** A message for 'Failed to load accommodations: {message}'. */
export function failureMessage(error: QueryError): string {
  const text = serverText(error);
  if (text) return text;
  if (error && 'status' in error) {
    if ('error' in error && typeof error.error === 'string') return error.error;
    return `HTTP ${String(error.status)}`;
  }
  return 'Unknown error';
}
