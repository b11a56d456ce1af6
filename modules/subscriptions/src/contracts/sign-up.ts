/**
 * The public sign-up payload (spec 01 §3 "Subscription payload", §5 validation), with a saved search's optional
 * filters beside the spec's fields. The server answers with the client's messages, so a bypassed form gets the
 * same words; its address check is the stricter shared one. An unknown field or a contradiction (a maximum
 * price under the minimum, half a centre) is a 400 naming the field, never a silently different search.
 */
import { CATEGORIES, DATE_PRESETS } from '@evently/events/contracts';
import { emailAddress } from '@evently/platform/contracts';
import { z } from 'zod';
import type { SavedSearch } from './search-words.ts';
import { INVALID_EMAIL_MESSAGE, PLACE_REQUIRED_MESSAGE } from './sign-up-messages.ts';
export const MIN_RADIUS_KM = 1;
export const MAX_RADIUS_KM = 500;

const place = z
  .string({ error: PLACE_REQUIRED_MESSAGE })
  .trim()
  .max(120)
  .optional()
  .transform((value) => value ?? '');
const usd = z.number({ error: 'must be a number of US dollars' }).min(0).max(1_000_000);
/** A centre's halves, worded for the form that shows the message beside the field (sign-up and admin alike). */
export const latitudeSchema = z
  .number({ error: 'must be a number from -90 to 90' })
  .min(-90, 'must be a number from -90 to 90')
  .max(90, 'must be a number from -90 to 90');
export const longitudeSchema = z
  .number({ error: 'must be a number from -180 to 180' })
  .min(-180, 'must be a number from -180 to 180')
  .max(180, 'must be a number from -180 to 180');

const fields = z
  .object({
    /** A plain address only (the client's check is the spec's looser one; the message is the same). */
    email: emailAddress(INVALID_EMAIL_MESSAGE),
    name: z
      .string()
      .trim()
      .max(120)
      .nullish()
      .transform((value) => (value ? value : null)),
    country: place,
    city: place,
    keyword: z.string().trim().min(1).max(200).nullish(),
    category: z.enum(CATEGORIES).nullish(),
    min_price: usd.nullish(),
    max_price: usd.nullish(),
    date_preset: z.enum(DATE_PRESETS).nullish(),
    latitude: latitudeSchema.nullish(),
    longitude: longitudeSchema.nullish(),
    radius_km: z.number().int().min(MIN_RADIUS_KM).max(MAX_RADIUS_KM).nullish(),
    /** Honeypot: a field hidden from people; anything typed into it marks the request as a bot. */
    website: z.string().optional(),
  })
  .strict();

/** The filters part of a body (sign-up or an admin's edit): contradictions become issues on the named field. */
export function checkSearchFields(
  value: { min_price?: number | null; max_price?: number | null; latitude?: number | null; longitude?: number | null },
  ctx: z.RefinementCtx,
): void {
  if (value.min_price != null && value.max_price != null && value.max_price < value.min_price) {
    ctx.addIssue({ code: 'custom', path: ['max_price'], message: 'must not be below min_price' });
  }
  if ((value.latitude == null) !== (value.longitude == null)) {
    const missing = value.latitude == null ? 'latitude' : 'longitude';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'a centre needs both latitude and longitude' });
  }
}

export const signUpSchema = fields
  .superRefine((value, ctx) => {
    checkSearchFields(value, ctx);
    const centre = value.latitude != null && value.longitude != null;
    // A centre may stand in place of the place; without one, both are required as the spec says.
    if (!centre) {
      if (!value.country) ctx.addIssue({ code: 'custom', path: ['country'], message: PLACE_REQUIRED_MESSAGE });
      else if (!value.city) ctx.addIssue({ code: 'custom', path: ['city'], message: PLACE_REQUIRED_MESSAGE });
    }
  })
  .transform(({ keyword, category, min_price, max_price, date_preset, latitude, longitude, radius_km, ...rest }) => {
    const search: SavedSearch = {
      keyword: keyword ?? null,
      category: category ?? null,
      min_price: min_price ?? null,
      max_price: max_price ?? null,
      date_preset: date_preset ?? null,
      centre: latitude != null && longitude != null ? { lat: latitude, lon: longitude } : null,
    };
    return { ...rest, search, radius_km: radius_km ?? null };
  });

export type SignUpInput = z.infer<typeof signUpSchema>;
/** What a client sends to `POST /api/subscriptions`. */
export type SignUpBody = z.input<typeof signUpSchema>;

/**
 * A saved search changed by its owner through the mail's edit link: the whole search as the Save form sends
 * it (a filter left out is cleared); the place is kept when the form sends none.
 */
export const savedSearchEditSchema = fields
  .pick({
    country: true,
    city: true,
    keyword: true,
    category: true,
    min_price: true,
    max_price: true,
    date_preset: true,
    latitude: true,
    longitude: true,
    radius_km: true,
  })
  .superRefine(checkSearchFields)
  .transform((value) => ({
    ...(value.country ? { country: value.country } : {}),
    ...(value.city ? { city: value.city } : {}),
    ...(value.radius_km != null ? { radius_km: value.radius_km } : {}),
    keyword: value.keyword ?? null,
    category: value.category ?? null,
    min_price: value.min_price ?? null,
    max_price: value.max_price ?? null,
    date_preset: value.date_preset ?? null,
    latitude: value.latitude ?? null,
    longitude: value.longitude ?? null,
  }));

/** What a client sends to `PUT /api/subscriptions/saved/{token}`: the saved search's filters and place. */
export type SavedSearchEditBody = z.input<typeof savedSearchEditSchema>;
