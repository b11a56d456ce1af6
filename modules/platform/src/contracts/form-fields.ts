/**
 * Field rules the public forms share (tickets, reviews, partnership requests): trimmed text with a cap and
 * messages that name the field, so a bypassed form gets an answer a person can act on. The server validates
 * with them and the browser reads its request types from the schemas built with them.
 */
import { z } from 'zod';
import { emailAddress } from './mail-address.ts';

export const INVALID_EMAIL_ADDRESS = 'Please enter a valid email address';

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong(label, max));

/** Absent, null or blank all mean "not given" (null). */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLong(label, max))
    .nullish()
    .transform((value) => (value ? value : null));

/** Whether `value` is an absolute http:// or https:// address. */
export function isHttpAddress(value: string): boolean {
  try {
    const protocol = new URL(value).protocol;
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * An optional web address that will be shown as a link (a partner's website, the page a ticket was sent from):
 * like `optionalText`, and only http(s), since a `javascript:` or `data:` address would become a live link.
 */
export const optionalHttpAddress = (label: string, max: number, refusal: string) =>
  optionalText(label, max).refine((value) => value === null || isHttpAddress(value), refusal);

/** A form's e-mail field: a plain addr-spec (see contracts/mail-address.ts), the field named when missing. */
export const emailField = (label: string) => emailAddress(INVALID_EMAIL_ADDRESS, label);

/** Treats "" and null like a missing field, so a form's empty select falls back to the default. */
export const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
