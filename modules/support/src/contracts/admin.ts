/** Payloads of the administrator's ticket calls (spec 02 §7). */
import { z } from 'zod';
import { ADMIN_SETTABLE_STATUSES, TICKET_PRIORITIES, TICKET_STATUSES, type AdminSettableStatus } from './vocabulary.ts';
import { MAX_EMAIL_LENGTH, blankAsMissing, optionalText } from '@evently/platform/contracts';
import { LIMITS } from './fields.ts';

const unknownStatus = `Unknown status; use one of ${TICKET_STATUSES.join(', ')}`;

export const statusUpdateSchema = z.object({
  status: z
    .enum(TICKET_STATUSES, { error: unknownStatus })
    .refine(
      (value) => value !== 'new',
      `A ticket cannot be set back to new; use one of ${ADMIN_SETTABLE_STATUSES.join(', ')}`,
    )
    .transform((value) => value as AdminSettableStatus),
  admin_message: optionalText('admin_message', LIMITS.message),
  admin_name: optionalText('admin_name', LIMITS.name),
  /** Accepted because the panel sends it; not stored (the conversation shows names, not addresses). */
  admin_email: optionalText('admin_email', MAX_EMAIL_LENGTH),
});

export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;
/** What the panel sends to change a ticket's status. */
export type StatusUpdateBody = z.input<typeof statusUpdateSchema>;

export const MAX_ADMIN_LIST = 500;

export const adminListQuerySchema = z.object({
  status: z.preprocess(
    (value) => (value === 'all' ? undefined : blankAsMissing(value)),
    z.enum(TICKET_STATUSES, { error: unknownStatus }).optional(),
  ),
  search: optionalText('search', LIMITS.search),
  /** `mine` (assigned to the asking agent), `unassigned`, or `all` (the default). */
  assignee: z.preprocess(
    blankAsMissing,
    z
      .enum(['all', 'mine', 'unassigned'], { error: 'assignee must be all, mine or unassigned' })
      .optional()
      .default('all'),
  ),
  /** `newest` first (the default) or `oldest_waiting`: the visitor who has waited longest for the team first. */
  sort: z.preprocess(
    blankAsMissing,
    z
      .enum(['newest', 'oldest_waiting'], { error: 'sort must be newest or oldest_waiting' })
      .optional()
      .default('newest'),
  ),
});

export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** "Assign to me" is `{ assignee: "me" }`; a colleague's name hands it over; null leaves it unassigned. */
export const assignSchema = z.object({
  assignee: z.union([
    z.null(),
    z
      .string({ error: 'assignee must be "me", a name or null' })
      .trim()
      .min(1, 'assignee must be "me", a name or null')
      .max(LIMITS.name),
  ]),
});

export const prioritySchema = z.object({
  priority: z.enum(TICKET_PRIORITIES, { error: `priority must be one of ${TICKET_PRIORITIES.join(', ')}` }),
});

/** The messages call's admin fields: `is_internal: true` makes the message an internal note. */
export const ASSIGN_TO_ME = 'me';

export type AssignBody = z.input<typeof assignSchema>;
export type PriorityBody = z.input<typeof prioritySchema>;
