/** Spec 02 §8 "Admin login" texts and how a failed login maps onto them. */
import { httpStatusOf, serverText } from '../../lib/support/request-error.ts';

export const INVALID_PASSWORD = 'Invalid password';
export const CONNECTION_ERROR = 'Connection error. Please try again.';
/** §5: what the panel says when the session ended under an open section (any admin call answered 401). */
export const SESSION_EXPIRED = 'Admin password missing (session expired). Please log in again.';

/** The server's message (a wrong password, too many attempts), else 'Invalid password'; no answer is a connection error. */
export function loginErrorMessage(error: unknown): string {
  if (httpStatusOf(error) === undefined) return CONNECTION_ERROR;
  return serverText(error) ?? INVALID_PASSWORD;
}
