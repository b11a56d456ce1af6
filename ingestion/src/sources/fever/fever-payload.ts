/**
 * The Fever partner feed as documented in docs/ingestion.md: pages of plan documents. Lenient like the
 * Ticketmaster schema: one malformed plan is quarantined, never a reason to reject its page.
 */
import { z } from 'zod';

const text = z.string().nullish().catch(null);
const numberish = z.union([z.number(), z.string()]).nullish().catch(null);

export const feverSessionSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  starts_at: text,
  ends_at: text,
  share_url: text,
  status: text,
});

export const feverPlanSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  name: text,
  description: text,
  url: text,
  cover_image: text,
  category: text,
  partner: text,
  is_gift_card: z.boolean().nullish().catch(null),
  status: text,
  /** Either `{ amount, max_amount?, currency }` or a bare number with `currency` beside it. */
  price: z
    .union([z.object({ amount: numberish, max_amount: numberish, currency: text }), z.number(), z.string()])
    .nullish()
    .catch(null),
  currency: text,
  place: z
    .object({
      name: text,
      address: text,
      latitude: numberish,
      longitude: numberish,
      timezone: text,
      city: z.object({ name: text, country: text }).nullish().catch(null),
    })
    .nullish()
    .catch(null),
  sessions: z.array(z.unknown()).nullish().catch(null),
});

export type FeverPlan = z.infer<typeof feverPlanSchema>;

export const feverPageSchema = z.object({
  data: z.array(z.unknown()),
  pagination: z
    .object({
      page: z.number().int().positive().nullish(),
      total_pages: z.number().int().nonnegative().nullish(),
      next: z.string().min(1).nullish(),
    })
    .nullish(),
});

export type FeverPage = z.infer<typeof feverPageSchema>;
