/**
 * The public sign-up payload (spec 01 §3 "Subscription payload", §5 validation). The server answers with the
 * client's messages, so a bypassed form gets the same words; its address check is the stricter shared one.
 */
import { emailAddress } from '@evently/platform';
import { z } from 'zod';

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email.';
export const PLACE_REQUIRED_MESSAGE = 'Country and City are required.';

const requiredPlace = z.string({ error: PLACE_REQUIRED_MESSAGE }).trim().min(1, PLACE_REQUIRED_MESSAGE).max(120);

export const signUpSchema = z.object({
  /** A plain address only (the client's check is the spec's looser one; the message is the same). */
  email: emailAddress(INVALID_EMAIL_MESSAGE),
  name: z
    .string()
    .trim()
    .max(120)
    .nullish()
    .transform((value) => (value ? value : null)),
  country: requiredPlace,
  city: requiredPlace,
  /** Honeypot: a field hidden from people; anything typed into it marks the request as a bot. */
  website: z.string().optional(),
});

export type SignUpInput = z.infer<typeof signUpSchema>;
