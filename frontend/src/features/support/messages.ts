/** The exact texts of spec 02 §8 for the support page, and how a failed call maps onto them. */
import { httpStatusOf, serverText } from '../../lib/support/request-error.ts';

export const CREATE_SUCCESS = 'Support ticket created successfully! You will receive an email confirmation shortly.';
export const CREATE_FAILED = 'Error creating support ticket';
export const NETWORK_ERROR = 'Network error. Please try again.';
export const LOOKUP_NOT_FOUND = 'Ticket not found';
export const LOOKUP_FAILED = 'Error searching for ticket';
export const FOLLOW_UP_FAILED = 'Your message could not be sent. Please try again.';
export const REQUIRED_FIELDS = 'Please fill in Your Name, Email Address, Subject and Description.';

/** Create: the server's error, else the fallback; no answer at all is a network error. */
export function createErrorMessage(error: unknown): string {
  if (httpStatusOf(error) === undefined) return NETWORK_ERROR;
  return serverText(error) ?? CREATE_FAILED;
}

/**
 * Lookup: the server's error (not found, wrong link, too many lookups), else 'Ticket not found' for a refusal;
 * a server fault or no answer at all is 'Error searching for ticket'.
 */
export function lookupErrorMessage(error: unknown): string {
  const status = httpStatusOf(error);
  const text = serverText(error);
  if (status !== undefined && text) return text;
  if (status !== undefined && status < 500) return LOOKUP_NOT_FOUND;
  return LOOKUP_FAILED;
}

export function followUpErrorMessage(error: unknown): string {
  if (httpStatusOf(error) === undefined) return NETWORK_ERROR;
  return serverText(error) ?? FOLLOW_UP_FAILED;
}
