/**
 * The honeypot: a `website` field hidden from people. A bot that fills it gets a success-shaped answer (so it
 * learns nothing and does not retry differently) and nothing is stored. Looked at before validation, so field
 * errors tell it nothing either.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { PublicReview } from '../domain/review-views.ts';
import type { reviewFieldsSchema } from '../contracts/submit-review.ts';

export function isHoneypotFilled(body: unknown): boolean {
  const website = (body as { website?: unknown } | null)?.website;
  return website !== undefined && website !== null && website !== '';
}

/** A pending review as the real call would answer it, never stored; null when the body would not even parse. */
export function decoyReview(schema: typeof reviewFieldsSchema, body: unknown, now: Date): PublicReview | null {
  const parsed: z.ZodSafeParseResult<z.infer<typeof reviewFieldsSchema>> = schema.safeParse(body);
  if (!parsed.success) return null;
  const raw = body as { event_name?: unknown; event_link?: unknown };
  return {
    id: randomUUID(),
    event_id: null,
    event: null,
    event_name: typeof raw.event_name === 'string' ? raw.event_name.trim() : null,
    event_link: typeof raw.event_link === 'string' && raw.event_link.trim() ? raw.event_link.trim() : null,
    user_name: parsed.data.user_name,
    rating: parsed.data.rating,
    title: parsed.data.title,
    comment: parsed.data.comment,
    attended: parsed.data.attended,
    status: 'pending',
    created_at: now.toISOString(),
  };
}
