/** What an erasure is asked with, on the command line and over the admin API: the address the person used. */
import { z } from 'zod';

export const ERASURE_EMAIL_MESSAGE = 'Give the e-mail address the person used, e.g. ana@example.com.';

export const erasureRequestSchema = z.object({
  // Loose on purpose: it must match whatever the forms once accepted, and it is only ever compared.
  email: z
    .string({ error: ERASURE_EMAIL_MESSAGE })
    .trim()
    .max(320, ERASURE_EMAIL_MESSAGE)
    .regex(/^[^\s@]+@[^\s@]+$/, ERASURE_EMAIL_MESSAGE),
});

export type ErasureRequest = z.infer<typeof erasureRequestSchema>;
