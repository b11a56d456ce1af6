/**
 * Field rules the public forms share (tickets, reviews, partnership requests): trimmed text with a cap and
 * messages that name the field, so a bypassed form gets an answer a person can act on.
 */
import { z } from 'zod';

/** Loose on purpose (spec: "text, at sign, text, dot, text"); a mail, where one is sent, proves deliverability. */
export const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** RFC 5321 caps a forward path at 256 octets including the angle brackets. */
export const MAX_EMAIL_LENGTH = 254;

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

export const emailField = (label: string) =>
  requiredText(label, MAX_EMAIL_LENGTH).regex(LOOSE_EMAIL, INVALID_EMAIL_ADDRESS);

/** An operator's inbox setting (SUPPORT_INBOX, PARTNERS_INBOX): optional, but an address when given. */
export const inboxSetting = z.string().trim().max(MAX_EMAIL_LENGTH).regex(LOOSE_EMAIL, 'must be an e-mail address').optional();

/** Treats "" and null like a missing field, so a form's empty select falls back to the default. */
export const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
