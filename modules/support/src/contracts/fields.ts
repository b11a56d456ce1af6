/** Field rules shared by the ticket payloads: trimmed text with a cap, and messages that name the field. */
import { z } from 'zod';

/** Loose on purpose: "text, at sign, text, dot, text"; the confirmation mail proves deliverability. */
export const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  subject: 200,
  description: 5000,
  message: 5000,
  pageUrl: 2048,
  browserField: 300,
  token: 200,
  search: 200,
} as const;

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
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.email, tooLong(label, LIMITS.email))
    .regex(LOOSE_EMAIL, 'Please enter a valid email address');

/** Treats "" and null like a missing field, so the form's empty select falls back to the default. */
export const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
