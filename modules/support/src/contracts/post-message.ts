/** A message added to a ticket's conversation (spec 02 §7 POST .../messages, §5 "Ticket reply"). */
import { z } from 'zod';
import { MAX_EMAIL_LENGTH, optionalText } from '@evently/platform/contracts';
import { LIMITS } from './fields.ts';

export const postMessageSchema = z.object({
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, 'Reply cannot be empty')
    .max(LIMITS.message, `message must be at most ${LIMITS.message} characters`),
  sender_name: optionalText('sender_name', LIMITS.name),
  /** Accepted because the panel sends it; not stored. */
  sender_email: optionalText('sender_email', MAX_EMAIL_LENGTH),
  is_admin: z.boolean({ error: 'is_admin must be true or false' }).optional().default(false),
  /** With `is_admin: true`: an internal note for the team, never shown, pushed or mailed to the visitor. */
  is_internal: z.boolean({ error: 'is_internal must be true or false' }).optional().default(false),
  /** The visitor's ticket token, when not sent in the X-Ticket-Token header. */
  token: optionalText('token', LIMITS.token),
});

export type PostMessageInput = z.infer<typeof postMessageSchema>;
/** What a visitor's follow-up and an agent's reply or note send. */
export type PostMessageBody = z.input<typeof postMessageSchema>;
