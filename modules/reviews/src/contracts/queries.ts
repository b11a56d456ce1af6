/** Query strings and admin bodies of the review calls (spec 02 §7). */
import { z } from 'zod';
import { ADMIN_STATUS_FILTERS } from './vocabulary.ts';
import { optionalText } from '@evently/platform/contracts';
import { LIMITS } from './fields.ts';

/** The public list's page size when none is asked for, and the most a page holds. */
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 50;

const positiveInt = (field: string, fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(Array.isArray(value) ? value[0] : value)),
    z
      .number({ error: `${field} must be a positive whole number` })
      .int(`${field} must be a positive whole number`)
      .min(1, `${field} must be a positive whole number`)
      .default(fallback),
  );

export const publicListQuerySchema = z.object({
  page: positiveInt('page', 1),
  // Larger pages are capped rather than refused: the list stays usable for a client asking too much.
  per_page: positiveInt('per_page', DEFAULT_PER_PAGE).transform((value) => Math.min(value, MAX_PER_PAGE)),
});

export const adminListQuerySchema = z.object({
  status: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : value),
    z
      .enum(ADMIN_STATUS_FILTERS, { error: `status must be one of ${ADMIN_STATUS_FILTERS.join(', ')}` })
      .default('pending'),
  ),
});

export const rejectBodySchema = z.object({
  reason: optionalText('reason', LIMITS.reason),
});

/** What the moderation queue sends to reject a review: the reason is optional. */
export type RejectBody = z.input<typeof rejectBodySchema>;
