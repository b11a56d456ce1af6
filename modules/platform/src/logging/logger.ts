/**
 * Structured JSON logs with pino, one line per record on stdout. Secrets that can travel in request headers
 * are redacted here once, so no request logger anywhere can leak them.
 */
import { pino, type Logger, type LevelWithSilent } from 'pino';

export interface LoggerOptions {
  /** Process role or component, e.g. `api` or `worker`; shown as `name` on every line. */
  name: string;
  level?: LevelWithSilent;
}

export const REDACTED_PATHS = [
  'req.headers["x-admin-password"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  '*.password',
];

export function createLogger({ name, level = 'info' }: LoggerOptions): Logger {
  return pino({
    name,
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}

/** A logger that writes nothing, for tests and tools that do not want output. */
export const silentLogger = (): Logger => pino({ level: 'silent' });
