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
/** What the canned replies manager sends to create or change one. */
export type CannedReplyBody = z.input<typeof cannedReplySchema>;

/** A canned reply as the team's calls answer it; the body may say `{{name}}` and `{{ticket_number}}`. */
export const cannedReplyViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  updated_by: z.string().describe('The agent who last saved it'),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});

export const cannedReplyListAnswerSchema = z.object({ canned_replies: z.array(cannedReplyViewSchema) });
export const cannedReplyAnswerSchema = z.object({ canned_reply: cannedReplyViewSchema });

/** A canned reply filled in for one ticket, for the reply box. */
export const renderedCannedReplyAnswerSchema = z.object({ id: z.string(), title: z.string(), text: z.string() });

export type CannedReplyView = z.infer<typeof cannedReplyViewSchema>;
export type CannedReplyListAnswer = z.infer<typeof cannedReplyListAnswerSchema>;
export type CannedReplyAnswer = z.infer<typeof cannedReplyAnswerSchema>;
export type RenderedCannedReplyAnswer = z.infer<typeof renderedCannedReplyAnswerSchema>;
