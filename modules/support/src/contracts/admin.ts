/** Payloads of the administrator's ticket calls (spec 02 §7). */
import { z } from 'zod';
import { ADMIN_SETTABLE_STATUSES, TICKET_STATUSES, type AdminSettableStatus } from '../domain/ticket.ts';
import { MAX_EMAIL_LENGTH, blankAsMissing, optionalText } from '@evently/platform';
import { LIMITS } from './fields.ts';

const unknownStatus = `Unknown status; use one of ${TICKET_STATUSES.join(', ')}`;

export const statusUpdateSchema = z.object({
  status: z
    .enum(TICKET_STATUSES, { error: unknownStatus })
    .refine((value) => value !== 'new', `A ticket cannot be set back to new; use one of ${ADMIN_SETTABLE_STATUSES.join(', ')}`)
    .transform((value) => value as AdminSettableStatus),
  admin_message: optionalText('admin_message', LIMITS.message),
  admin_name: optionalText('admin_name', LIMITS.name),
  /** Accepted because the panel sends it; not stored (the conversation shows names, not addresses). */
  admin_email: optionalText('admin_email', MAX_EMAIL_LENGTH),
});

export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;

export const MAX_ADMIN_LIST = 500;

export const adminListQuerySchema = z.object({
  status: z.preprocess(
    (value) => (value === 'all' ? undefined : blankAsMissing(value)),
    z.enum(TICKET_STATUSES, { error: unknownStatus }).optional(),
  ),
  search: optionalText('search', LIMITS.search),
});

export type AdminListQuery = z.infer<typeof adminListQuerySchema>;
