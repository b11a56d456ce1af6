/**
 * Settings of this module that come from the environment. Read once at start-up; a bad value throws one line
 * naming the variable, like the backend's own config.
 */
import { inboxSetting, parseEnvSettings } from '@evently/platform';
import { z } from 'zod';

const envSchema = z.object({
  /** The team address that gets a mail per new partnership request; no team mail when unset. */
  PARTNERS_INBOX: inboxSetting,
  /** From address of every e-mail, e.g. `Evently <partners@evently.example>`. */
  MAIL_FROM: z.string().trim().min(3).optional(),
});

export interface PartnershipsEnvOptions {
  partnersInbox?: string;
  mailFrom?: string;
}

export function partnershipsOptionsFromEnv(env: Record<string, string | undefined>): PartnershipsEnvOptions {
  const settings = parseEnvSettings(envSchema, env);
  return {
    ...(settings.PARTNERS_INBOX ? { partnersInbox: settings.PARTNERS_INBOX } : {}),
    ...(settings.MAIL_FROM ? { mailFrom: settings.MAIL_FROM } : {}),
  };
}
