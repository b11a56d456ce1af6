/**
 * Settings of this module that come from the environment. Read once at start-up; a bad value throws one line
 * naming the variable, like the backend's own config.
 */
import { inboxSetting, parseEnvSettings } from '@evently/platform';
import { z } from 'zod';
import type { ReplyAddressSettings } from './domain/reply-address.ts';
import { parseFirstResponseHours, type FirstResponseHours } from './domain/sla.ts';

const envSchema = z
  .object({
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
    /** Signs each ticket's Reply-To address (HMAC); keep it secret and stable, or older mails' replies bounce. */
    SUPPORT_REPLY_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
    /** The domain whose MX points at the inbound listener, e.g. reply.evently.example. */
    SUPPORT_REPLY_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
        'must be a domain name such as reply.example.com',
      )
      .optional(),
    /** Port of the inbound SMTP listener for replies by mail (the worker role listens when set; 0 picks a free one). */
    INBOUND_SMTP_PORT: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().min(0).max(65535).optional(),
    ),
  })
  .refine((env) => Boolean(env.SUPPORT_REPLY_SECRET) === Boolean(env.SUPPORT_REPLY_DOMAIN), {
    message: 'SUPPORT_REPLY_SECRET and SUPPORT_REPLY_DOMAIN go together',
    path: ['SUPPORT_REPLY_DOMAIN'],
  })
  .refine((env) => env.INBOUND_SMTP_PORT === undefined || Boolean(env.SUPPORT_REPLY_SECRET), {
    message: 'needs SUPPORT_REPLY_SECRET and SUPPORT_REPLY_DOMAIN',
    path: ['INBOUND_SMTP_PORT'],
  });

export interface SupportEnvOptions {
  supportInbox?: string;
  mailFrom?: string;
  firstResponseHours?: FirstResponseHours;
  replies?: ReplyAddressSettings;
  inboundSmtpPort?: number;
}

export function supportOptionsFromEnv(env: Record<string, string | undefined>): SupportEnvOptions {
  const settings = parseEnvSettings(envSchema, env);
  return {
    ...(settings.SUPPORT_INBOX ? { supportInbox: settings.SUPPORT_INBOX } : {}),
    ...(settings.MAIL_FROM ? { mailFrom: settings.MAIL_FROM } : {}),
    ...(settings.SUPPORT_FIRST_RESPONSE_HOURS ? { firstResponseHours: settings.SUPPORT_FIRST_RESPONSE_HOURS } : {}),
    ...(settings.SUPPORT_REPLY_SECRET && settings.SUPPORT_REPLY_DOMAIN
      ? { replies: { secret: settings.SUPPORT_REPLY_SECRET, domain: settings.SUPPORT_REPLY_DOMAIN } }
      : {}),
    ...(settings.INBOUND_SMTP_PORT !== undefined ? { inboundSmtpPort: settings.INBOUND_SMTP_PORT } : {}),
  };
}
