/** Field rules of the partnership form: trimmed text with a cap, and messages that name the field. */
import { z } from 'zod';

/** Loose on purpose: "text, at sign, text, dot, text"; the acknowledgement mail proves deliverability. */
export const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const LIMITS = {
  company: 200,
  contactName: 120,
  email: 254,
  phone: 40,
  website: 500,
  message: 5000,
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
  .string({ error: 'email is required' })
  .trim()
  .min(1, 'email is required')
  .max(LIMITS.email, tooLong('email', LIMITS.email))
  .regex(LOOSE_EMAIL, 'Please enter a valid email address');

/** Only http(s) addresses: a `javascript:` or `data:` "website" would become a live link in the admin panel. */
export const websiteField = z
  .string({ error: 'website must be text' })
  .trim()
  .max(LIMITS.website, tooLong('website', LIMITS.website))
  .refine((value) => {
    if (!value) return true;
    try {
      const protocol = new URL(value).protocol;
      return protocol === 'http:' || protocol === 'https:';
    } catch {
      return false;
    }
  }, 'website must be an http:// or https:// address')
  .nullish()
  .transform((value) => (value ? value : null));
