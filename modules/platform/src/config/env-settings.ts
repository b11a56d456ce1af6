/**
 * A module's settings from the environment, read once at start-up. Blank variables count as unset (compose
 * writes `KEY=` for every optional setting), and a bad value throws one line naming the variable: all an
 * operator sees when a process refuses to start.
 */
import type { z } from 'zod';

export function parseEnvSettings<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Invalid configuration: ${String(issue?.path[0] ?? 'environment')} ${issue?.message ?? 'is invalid'}`,
    );
  }
  return parsed.data;
}
