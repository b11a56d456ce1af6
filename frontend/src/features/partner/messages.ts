/** The exact texts of spec 02 §8 for the partnership form, and how a failed call maps onto them. */
import { httpStatusOf, serverText } from '../../lib/support/request-error.ts';

export const THANK_YOU_TITLE = 'Thank You!';
export const THANK_YOU_TEXT =
  "We've received your partnership inquiry and will get back to you within 2-3 business days.";
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';
export const CONNECTION_ERROR = 'Failed to connect to the server. Please try again later.';

/** The server's error when it answered with one, else the generic text; no answer at all is a connection failure. */
export function partnershipErrorMessage(error: unknown): string {
  if (httpStatusOf(error) === undefined) return CONNECTION_ERROR;
  return serverText(error) ?? UNEXPECTED_ERROR;
}
