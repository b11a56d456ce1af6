/**
 * Settings of this module that come from the environment. Read once at start-up; a bad value throws one line
 * naming the variable, like the backend's own config.
 */
import { z } from 'zod';
import { LOOSE_EMAIL } from './contracts/fields.ts';

const envSchema = z.object({
  /** The team address that gets a mail per new partnership request; no team mail when unset. */
  PARTNERS_INBOX: z.string().trim().max(254).regex(LOOSE_EMAIL, 'must be an e-mail address').optional(),
  /** From address of every e-mail, e.g. `Evently <partners@evently.example>`. */
  MAIL_FROM: z.string().trim().min(3).optional(),
});

export interface PartnershipsEnvOptions {
  partnersInbox?: string;
  mailFrom?: string;
}

export function partnershipsOptionsFromEnv(env: Record<string, string | undefined>): PartnershipsEnvOptions {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${String(issue?.path[0] ?? 'environment')} ${issue?.message ?? 'is invalid'}`);
  }
  return {
    ...(parsed.data.PARTNERS_INBOX ? { partnersInbox: parsed.data.PARTNERS_INBOX } : {}),
    ...(parsed.data.MAIL_FROM ? { mailFrom: parsed.data.MAIL_FROM } : {}),
  };
}
