/** Admin query and edit payloads (spec 02 §7 subscriber calls, §5 "Subscriber edit"). */
import { CATEGORIES, DATE_PRESETS } from '@evently/events/contracts';
import { z } from 'zod';
import { checkSearchFields, latitudeSchema, longitudeSchema } from './sign-up.ts';
import { ADMIN_PAGE_SIZE, SUBSCRIBER_SORTS, SUBSCRIBER_STATUS_FILTERS } from './subscriber-list.ts';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

export const adminListQuerySchema = z.object({
  page: z.coerce.number().int().positive().catch(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(ADMIN_PAGE_SIZE),
  status: z.enum(SUBSCRIBER_STATUS_FILTERS).catch('all'),
  search: optionalText,
  country: optionalText,
  city: optionalText,
  /** `saved`: only subscriptions whose search has filters (a keyword, category, price, dates or a centre). */
  filters: z.enum(['all', 'saved']).catch('all'),
  sort: z.enum(SUBSCRIBER_SORTS).catch('recent'),
});

export type AdminListQuery = z.infer<typeof adminListQuerySchema>;
/** The Subscribers tab's list parameters as sent: any of them, the rest take their defaults. */
export type AdminListParams = Partial<AdminListQuery>;

export const adminPatchSchema = z
  .object({
    name: z.string().trim().max(120).nullable().optional(),
    country: z.string().trim().min(1, 'country cannot be empty').max(120).optional(),
    city: z.string().trim().min(1, 'city cannot be empty').max(120).optional(),
    radius_km: z.coerce.number().int('radius_km must be a whole number').min(1).max(500).optional(),
    is_active: z.boolean().optional(),
    // The saved search's filters: a value replaces the stored one, null clears it, absent keeps it.
    keyword: z.string().trim().max(200).nullable().optional(),
    category: z.enum(CATEGORIES).nullable().optional(),
    min_price: z.number().min(0).max(1_000_000).nullable().optional(),
    max_price: z.number().min(0).max(1_000_000).nullable().optional(),
    date_preset: z.enum(DATE_PRESETS).nullable().optional(),
    latitude: latitudeSchema.nullable().optional(),
    longitude: longitudeSchema.nullable().optional(),
  })
  .strict()
  .superRefine((patch, ctx) => {
    // Half a centre is only a contradiction when the other half is not being kept from the stored search.
    const bothHalves = patch.latitude !== undefined && patch.longitude !== undefined;
    checkSearchFields(bothHalves ? patch : { min_price: patch.min_price, max_price: patch.max_price }, ctx);
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: 'No changes to save' });

export type AdminPatch = z.infer<typeof adminPatchSchema>;
/** What the Subscribers tab sends to `PATCH /api/subscriptions/admin/{id}`. */
export type AdminPatchBody = z.input<typeof adminPatchSchema>;

export const subscriberIdSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid subscriber id') });
/** The token of a confirm or unsubscribe link. */
export const mailLinkTokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22,128}$/) });
