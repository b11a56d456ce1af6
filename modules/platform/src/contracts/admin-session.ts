/**
 * The admin credential's calls (the login's body; login, logout and the session checks as answered), for the
 * API document, the handlers in `http/admin-auth.ts` and the panel alike. Imports nothing but zod.
 */
import { z } from 'zod';

export const MAX_AGENT_NAME_LENGTH = 80;

/** An agent name as typed: trimmed, inner whitespace collapsed, control characters dropped, empty as null. */
export function cleanAgentName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cleaned = value
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_AGENT_NAME_LENGTH);
  return cleaned === '' ? null : cleaned;
}

/** The login call's body: the shared password and the optional name the agent signs with. */
export const loginBodySchema = z.object({
  password: z.string().min(1, 'Password is required').max(1024),
  /** "Your name": signs the agent's replies, notes and status changes; optional, the password stays shared. */
  agent_name: z
    .string({ error: 'agent_name must be text' })
    .max(200, 'agent_name must be at most 200 characters')
    .nullish()
    .transform((value) => cleanAgentName(value)),
});

/** What the login card sends. */
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  agent_name: z.string().optional().describe('The name replies are signed with, when one was given'),
});

/** 401 (wrong password) and 429 (too many attempts) of the login: the form shows `message`. */
export const loginRefusedSchema = z.object({ success: z.literal(false), message: z.string() });

export const logoutAnswerSchema = z.object({ success: z.literal(true) });

export const sessionAnswerSchema = z.object({ authenticated: z.literal(true) });

/** 401 and 429 of the session check. */
export const sessionRefusedSchema = z.object({ authenticated: z.literal(false), error: z.string() });

export const sessionProbeSchema = z.union([
  z.object({ authenticated: z.literal(true), agent_name: z.string().nullable() }),
  z.object({ authenticated: z.literal(false), agent_name: z.null() }),
]);

export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export type LoginRefused = z.infer<typeof loginRefusedSchema>;
export type LogoutAnswer = z.infer<typeof logoutAnswerSchema>;
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
export type SessionRefused = z.infer<typeof sessionRefusedSchema>;
export type SessionProbe = z.infer<typeof sessionProbeSchema>;
