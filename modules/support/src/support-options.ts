/**
 * Settings of this module that come from the environment. Read once at start-up; a bad value throws one line
 * naming the variable, like the backend's own config.
 */
import { inboxSetting, parseEnvSettings } from '@evently/platform';
import { z } from 'zod';
import { parseFirstResponseHours, type FirstResponseHours } from './domain/sla.ts';

const envSchema = z.object({
  /** The team address that gets a mail per new ticket; no team mail when unset. */
  SUPPORT_INBOX: inboxSetting,
  /** From address of every e-mail, e.g. `Evently <support@evently.example>`. */
  MAIL_FROM: z.string().trim().min(3).optional(),
  /** First-response target per priority in hours, e.g. `urgent=1,high=4,medium=8,low=24`; unnamed ones keep the default. */
  SUPPORT_FIRST_RESPONSE_HOURS: z
    .string()
    .trim()
    .optional()
    .transform((value, issue) => {
      if (!value) return undefined;
      try {
        return parseFirstResponseHours(value);
      } catch (error) {
        issue.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
});

export interface SupportEnvOptions {
  supportInbox?: string;
  mailFrom?: string;
  firstResponseHours?: FirstResponseHours;
}

export function supportOptionsFromEnv(env: Record<string, string | undefined>): SupportEnvOptions {
  const settings = parseEnvSettings(envSchema, env);
  return {
    ...(settings.SUPPORT_INBOX ? { supportInbox: settings.SUPPORT_INBOX } : {}),
    ...(settings.MAIL_FROM ? { mailFrom: settings.MAIL_FROM } : {}),
    ...(settings.SUPPORT_FIRST_RESPONSE_HOURS ? { firstResponseHours: settings.SUPPORT_FIRST_RESPONSE_HOURS } : {}),
  };
}
