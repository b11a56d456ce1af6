/**
 * SIGTERM (orchestrators) and SIGINT (Ctrl-C) start a graceful stop; a second signal, or a stop that hangs
 * past the deadline, exits at once. The log is committed before anything is acknowledged, so a forced exit
 * loses no accepted write: the relay and projectors catch up on the next start.
 */
import type { Logger } from 'pino';

export function stopOnSignals(stop: () => Promise<void>, logger: Logger, deadlineMs = 30_000): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(130);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down gracefully');
    const deadline = setTimeout(() => {
      logger.error({ deadlineMs }, 'graceful shutdown took too long: exiting');
      process.exit(1);
    }, deadlineMs);
    deadline.unref();
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
