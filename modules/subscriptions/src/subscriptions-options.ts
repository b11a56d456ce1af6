/**
 * Settings of this module that come from the environment. Read once at start-up; a bad value throws one line
 * naming the variable, like the backend's own config.
 */
import { parseEnvSettings } from '@evently/platform';
import { z } from 'zod';
import type { DigestSchedule } from './application/digest-scheduler.ts';

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number between ${min} and ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number between ${min} and ${max}`);

const envSchema = z.object({
  /** UTC weekday of the weekly digest: 0 = Sunday ... 6 = Saturday; Monday by default. */
  DIGEST_WEEKDAY: wholeNumber(0, 6).default(1),
  /** UTC hour of the weekly digest, 0-23; 09:00 by default. */
  DIGEST_HOUR: wholeNumber(0, 23).default(9),
  /** From address of every e-mail, e.g. `Evently <digest@evently.example>`. */
  MAIL_FROM: z.string().trim().min(3).optional(),
  /** Sign-ups one client address may make per 10 minutes; 5 by default. */
  SUBSCRIBE_SIGN_UPS_PER_10_MIN: wholeNumber(1, 10_000).optional(),
});

export interface SubscriptionsEnvOptions {
  schedule: DigestSchedule;
  mailFrom?: string;
  signUpLimit?: { limit: number; windowMs: number };
}

export function subscriptionsOptionsFromEnv(env: Record<string, string | undefined>): SubscriptionsEnvOptions {
  const settings = parseEnvSettings(envSchema, env);
  return {
    schedule: { weekday: settings.DIGEST_WEEKDAY, hour: settings.DIGEST_HOUR },
    ...(settings.MAIL_FROM ? { mailFrom: settings.MAIL_FROM } : {}),
    ...(settings.SUBSCRIBE_SIGN_UPS_PER_10_MIN
      ? { signUpLimit: { limit: settings.SUBSCRIBE_SIGN_UPS_PER_10_MIN, windowMs: 10 * 60_000 } }
      : {}),
  };
}
