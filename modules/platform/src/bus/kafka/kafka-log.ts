/**
 * Routes kafkajs's own log lines into our pino logger, so they come out as structured JSON with the rest.
 * kafkajs logs group joins and reconnects at INFO; those are routine for us, so they go to debug.
 */
import { logLevel, type logCreator } from 'kafkajs';
import type { Logger } from 'pino';

export function pinoLogCreator(logger: Logger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, ...fields } = log;
      const entry = { ...fields, namespace };
      switch (level) {
        case logLevel.ERROR:
          logger.error(entry, message);
          break;
        case logLevel.WARN:
          logger.warn(entry, message);
          break;
        case logLevel.INFO:
          logger.debug(entry, message);
          break;
        default:
          logger.trace(entry, message);
      }
    };
}
