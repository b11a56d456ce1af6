/** Query and body of the admin calls. */
import { z } from 'zod';
import { REQUEST_STATUSES } from './vocabulary.ts';

export const MAX_PER_PAGE = 100;

const positiveInt = (fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z.number().int().min(1).default(fallback),
  );

export const adminListQuerySchema = z.object({
  status: z
    .enum([...REQUEST_STATUSES, 'all'], { error: `status must be one of all, ${REQUEST_STATUSES.join(', ')}` })
    .default('all'),
  page: positiveInt(1),
  per_page: positiveInt(50).transform((value) => Math.min(value, MAX_PER_PAGE)),
});

export const statusUpdateSchema = z.object({
  status: z.enum(REQUEST_STATUSES, { error: `status must be one of ${REQUEST_STATUSES.join(', ')}` }),
});

export type AdminListQuery = z.infer<typeof adminListQuerySchema>;
/** What the Partnerships tab sends to mark a request handled or new again. */
export type StatusUpdateBody = z.input<typeof statusUpdateSchema>;
/** The Partnerships tab's list parameters as sent: any of them, the rest take their defaults. */
export type AdminListParams = Partial<AdminListQuery>;
