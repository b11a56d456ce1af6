/**
 * The public sign-up payload (spec 01 §3 "Subscription payload", §5 validation). The server applies exactly
 * the client's rules and messages so a bypassed form gets the same answer.
 */
import { z } from 'zod';

/** Loose on purpose (spec: "text, at sign, text, dot, text"); deliverability is proven by the confirmation. */
export const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email.';
export const PLACE_REQUIRED_MESSAGE = 'Country and City are required.';

const requiredPlace = z.string({ error: PLACE_REQUIRED_MESSAGE }).trim().min(1, PLACE_REQUIRED_MESSAGE).max(120);

export const signUpSchema = z.object({
  email: z.string({ error: INVALID_EMAIL_MESSAGE }).trim().max(254, INVALID_EMAIL_MESSAGE).regex(LOOSE_EMAIL, INVALID_EMAIL_MESSAGE),
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
