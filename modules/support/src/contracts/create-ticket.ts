/** The Contact Support form (spec 02 §5 "Support form"): parsed at the edge, the same rules for every caller. */
import { z } from 'zod';
import { CATEGORY_VALUES, DEFAULT_CATEGORY } from './categories.ts';
import { DEFAULT_PRIORITY, TICKET_PRIORITIES } from './vocabulary.ts';
import {
  blankAsMissing,
  emailField,
  optionalHttpAddress,
  optionalText,
  requiredText,
} from '@evently/platform/contracts';
import { LIMITS } from './fields.ts';

const browserField = (name: string) => optionalText(name, LIMITS.browserField);

const browserInfo = z
  .object(
    {
      userAgent: browserField('userAgent'),
      language: browserField('language'),
      platform: browserField('platform'),
      screenResolution: browserField('screenResolution'),
    },
    { error: 'browser_info must be an object' },
  )
  .nullish()
  .transform((value) => value ?? null);

export const createTicketSchema = z.object({
  user_name: requiredText('Your Name', LIMITS.name),
  user_email: emailField('Email Address'),
  user_phone: optionalText('Phone', LIMITS.phone),
  subject: requiredText('Subject', LIMITS.subject),
  description: requiredText('Description', LIMITS.description),
  category: z.preprocess(
    blankAsMissing,
    z.enum(CATEGORY_VALUES, { error: 'Unknown category' }).default(DEFAULT_CATEGORY),
  ),
  priority: z.preprocess(
    blankAsMissing,
    z
      .enum(TICKET_PRIORITIES, { error: `Unknown priority; use one of ${TICKET_PRIORITIES.join(', ')}` })
      .default(DEFAULT_PRIORITY),
  ),
  page_url: optionalHttpAddress('page_url', LIMITS.pageUrl, 'must be an http(s) address'),
  browser_info: browserInfo,
  /** Honeypot: a field hidden from people; anything typed into it marks the request as a bot. */
  website: z.unknown().optional(),
});

export type CreateTicketInput = z.infer<typeof createTicketSchema>;
/** What the Contact Support form sends (`website` is the honeypot, empty from a person). */
export type CreateTicketBody = z.input<typeof createTicketSchema>;
