/** Payloads of the canned-reply calls. */
import { z } from 'zod';
import { LIMITS } from './fields.ts';

export const CANNED_TITLE_MAX = 120;

export const cannedReplySchema = z.object({
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, 'title is required')
    .max(CANNED_TITLE_MAX, `title must be at most ${CANNED_TITLE_MAX} characters`),
  body: z
    .string({ error: 'body is required' })
    .trim()
    .min(1, 'body is required')
    .max(LIMITS.message, `body must be at most ${LIMITS.message} characters`),
});

export type CannedReplyInput = z.infer<typeof cannedReplySchema>;
