/** The partnership form (spec 02 §3 and §5), parsed at the edge with the same rules for every caller. */
import { z } from 'zod';
import { PARTNERSHIP_TYPES } from './vocabulary.ts';
import { emailField, optionalText, requiredText } from '@evently/platform/contracts';
import { LIMITS, websiteField } from './fields.ts';

/**
 * The honeypot's field name. Not `website`: that one is a real field of this form. A person never sees this
 * input; a bot that fills every field gives itself away.
 */
export const HONEYPOT_FIELD = 'fax';

export const submitRequestSchema = z.object({
  company: requiredText('company', LIMITS.company),
  contact_name: requiredText('contact_name', LIMITS.contactName),
  email: emailField('email'),
  phone: optionalText('phone', LIMITS.phone),
  website: websiteField,
  partnership_type: z.enum(PARTNERSHIP_TYPES, {
    error: `partnership_type must be one of ${PARTNERSHIP_TYPES.join(', ')}`,
  }),
  message: optionalText('message', LIMITS.message),
});

export type SubmitRequestInput = z.infer<typeof submitRequestSchema>;
/** What the partnership form sends: the fields, and the honeypot a person leaves empty. */
export type SubmitRequestBody = z.input<typeof submitRequestSchema> & Partial<Record<typeof HONEYPOT_FIELD, string>>;

/** A filled honeypot, looked at before validation so a bot learns nothing from field errors either. */
export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== null && value !== '';
}
