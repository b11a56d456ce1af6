/** Length caps and the website rule of the partnership form; the field rules themselves are the platform's. */
import { optionalHttpAddress } from '@evently/platform/contracts';

export const LIMITS = {
  company: 200,
  contactName: 120,
  phone: 40,
  website: 500,
  message: 5000,
} as const;

/** The partner's website is shown as a link in the admin panel. */
export const websiteField = optionalHttpAddress(
  'website',
  LIMITS.website,
  'website must be an http:// or https:// address',
);
