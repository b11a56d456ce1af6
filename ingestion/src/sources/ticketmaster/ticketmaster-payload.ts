/**
 * The parts of a Ticketmaster Discovery v2 `events.json` answer we read. Deliberately lenient: real answers
 * omit whole branches (`priceRanges`, `dates.timezone`, `_embedded` on an empty page), send coordinates as
 * strings, and add fields at will. A record that fails even this is quarantined, not fatal.
 */
import { z } from 'zod';

const text = z.string().nullish().catch(null);
const named = z.object({ name: text }).nullish().catch(null);

export const ticketmasterImageSchema = z.object({
  url: z.string(),
  ratio: text,
  width: z.number().nullish().catch(null),
  height: z.number().nullish().catch(null),
  fallback: z.boolean().nullish().catch(null),
});

export const ticketmasterVenueSchema = z.object({
  name: text,
  timezone: text,
  city: named,
  state: z.object({ name: text, stateCode: text }).nullish().catch(null),
  country: z.object({ name: text, countryCode: text }).nullish().catch(null),
  address: z.object({ line1: text, line2: text }).nullish().catch(null),
  postalCode: text,
  location: z
    .object({
      latitude: z.union([z.string(), z.number()]).nullish(),
      longitude: z.union([z.string(), z.number()]).nullish(),
    })
    .nullish()
    .catch(null),
});

export const ticketmasterEventSchema = z.object({
  id: z.string().min(1),
  name: text,
  url: text,
  description: text,
  info: text,
  pleaseNote: text,
  images: z.array(ticketmasterImageSchema.nullish().catch(null)).nullish().catch(null),
  dates: z
    .object({
      start: z
        .object({ localDate: text, localTime: text, dateTime: text, noSpecificTime: z.boolean().nullish().catch(null) })
        .nullish()
        .catch(null),
      end: z.object({ localDate: text, localTime: text, dateTime: text }).nullish().catch(null),
      timezone: text,
      status: z.object({ code: text }).nullish().catch(null),
    })
    .nullish()
    .catch(null),
  classifications: z
    .array(
      z.object({
        primary: z.boolean().nullish().catch(null),
        segment: named,
        genre: named,
        subGenre: named,
      }),
    )
    .nullish()
    .catch(null),
  priceRanges: z
    .array(z.object({ type: text, currency: text, min: z.unknown(), max: z.unknown() }))
    .nullish()
    .catch(null),
  promoter: named,
  /** `sales.public.startDateTime`: when general sales open (an ISO instant); optional like everything here. */
  sales: z
    .object({ public: z.object({ startDateTime: text }).nullish().catch(null) })
    .nullish()
    .catch(null),
  _embedded: z
    .object({ venues: z.array(ticketmasterVenueSchema).nullish().catch(null) })
    .nullish()
    .catch(null),
});

export type TicketmasterEvent = z.infer<typeof ticketmasterEventSchema>;

/** One page: events are left `unknown` here so one bad record cannot reject its page. */
export const ticketmasterPageSchema = z.object({
  _embedded: z.object({ events: z.array(z.unknown()) }).nullish(),
  page: z.object({
    size: z.number().int().nonnegative(),
    totalElements: z.number().int().nonnegative(),
    totalPages: z.number().int().nonnegative(),
    number: z.number().int().nonnegative(),
  }),
});

export type TicketmasterPage = z.infer<typeof ticketmasterPageSchema>;
