/** Field rules shared by the review payloads: trimmed text with a cap, and messages that name the field. */
import { z } from 'zod';

/** Loose on purpose: "text, at sign, text, dot, text". Nothing is mailed to reviewers, so nothing more is proven. */
export const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const LIMITS = {
  userName: 120,
  email: 254,
  title: 200,
  comment: 5000,
  eventName: 200,
  eventLink: 2048,
  reason: 1000,
} as const;

const tooLong = (field: string, max: number) => `${field} must be at most ${max} characters`;

export const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, tooLong(field, max));

/** Absent, null or blank all mean "not given" (null). */
export const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, tooLong(field, max))
    .nullish()
    .transform((value) => (value ? value : null));

export const emailField = z
  .string({ error: 'user_email is required' })
  .trim()
  .min(1, 'user_email is required')
  .max(LIMITS.email, tooLong('user_email', LIMITS.email))
  .regex(LOOSE_EMAIL, 'Please enter a valid email address');
