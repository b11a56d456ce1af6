/**
 * Routes kafkajs's own log lines into our pino logger, so they come out as structured JSON with the rest.
 * kafkajs logs group joins and reconnects at INFO; those are routine for us, so they go to debug.
 *
 * The numbers are kafkajs's documented `logLevel` values; importing the enum would load kafkajs for every
 * process, including the embedded profile that never talks to Kafka.
 */
const KAFKA_ERROR = 1;
const KAFKA_WARN = 2;
const KAFKA_INFO = 4;
import type { logCreator } from 'kafkajs';
import type { Logger } from 'pino';

export function pinoLogCreator(logger: Logger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, ...fields } = log;
      const entry = { ...fields, namespace };
      switch (level) {
        case KAFKA_ERROR:
          logger.error(entry, message);
          break;
        case KAFKA_WARN:
          logger.warn(entry, message);
          break;
        case KAFKA_INFO:
          logger.debug(entry, message);
          break;
        default:
          logger.trace(entry, message);
      }
    };
}
