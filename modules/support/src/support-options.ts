/**
 * Settings of this module that come from the environment. Read once at start-up; a bad value throws one line
 * naming the variable, like the backend's own config.
 */
import { inboxSetting, parseEnvSettings } from '@evently/platform';
import { z } from 'zod';

const envSchema = z.object({
  /** The team address that gets a mail per new ticket; no team mail when unset. */
  SUPPORT_INBOX: inboxSetting,
  /** From address of every e-mail, e.g. `Evently <support@evently.example>`. */
  MAIL_FROM: z.string().trim().min(3).optional(),
});

export interface SupportEnvOptions {
  supportInbox?: string;
  mailFrom?: string;
}

export function supportOptionsFromEnv(env: Record<string, string | undefined>): SupportEnvOptions {
  const settings = parseEnvSettings(envSchema, env);
  return {
    ...(settings.SUPPORT_INBOX ? { supportInbox: settings.SUPPORT_INBOX } : {}),
    ...(settings.MAIL_FROM ? { mailFrom: settings.MAIL_FROM } : {}),
  };
}
