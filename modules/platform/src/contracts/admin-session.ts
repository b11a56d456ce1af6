/**
 * The admin credential's calls as answered (login, logout, the session checks), for the API document, the
 * handlers in `http/admin-auth.ts` and the panel alike. Imports nothing but zod.
 */
import { z } from 'zod';

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
