/** Length caps and the website rule of the partnership form; the common field rules are the platform's. */
import { z } from 'zod';

export const LIMITS = {
  company: 200,
  contactName: 120,
  phone: 40,
  website: 500,
  message: 5000,
} as const;

/** Only http(s) addresses: a `javascript:` or `data:` "website" would become a live link in the admin panel. */
export const websiteField = z
  .string({ error: 'website must be text' })
  .trim()
  .max(LIMITS.website, `website must be at most ${LIMITS.website} characters`)
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
