/**
 * Dead letters: messages a consumer group could not handle after bounded retries. Without them one poison
 * message (a payload its schema refuses, a permanent SMTP reject) would block its partition forever, since
 * offsets are committed only after the handler succeeds.
 *
 * `withDeadLetters` wraps a subscription's handler. A failing batch is retried by the bus as before (same
 * batch, growing delay); after `maxAttempts` failures, or at once when the error is permanent
 * (`PermanentMessageError`, a zod error), the batch is handled one message at a time: messages that pass
 * are applied, each one that still fails goes to the dead-letter queue, is logged and counted, and the
 * group goes on. If every message of a batch of several fails for a reason that is not permanent, the
 * cause is the engine, not the messages (a search index down): the batch is retried rather than dead-lettered.
 *
 * Side-effect consumers keep at-most-once: their handlers claim each message before acting (`doOnce`), so
 * neither the per-message retry nor a replay of the dead letter can act twice.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Delivered } from './envelope.ts';

export interface DeadLetter {
  id: string;
  group: string;
  message: Delivered;
  /** The last error's message. */
  error: string;
  attempts: number;
  failed_at: string;
}

/** Where dead letters go: a table on the embedded engine, a compacted topic on Kafka. */
export interface DeadLetterQueue {
  add(entry: DeadLetter): Promise<void>;
  /** Oldest first; `group` narrows to one consumer group. */
  list(args?: { group?: string; limit?: number }): Promise<DeadLetter[]>;
  get(id: string): Promise<DeadLetter | null>;
  /** After a successful replay. Unknown ids are ignored. */
  remove(id: string): Promise<void>;
}

/** Thrown by a handler for a message that can never succeed: dead-lettered without further retries. */
export class PermanentMessageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentMessageError';
  }
}

/** With the buses' growing retry delays, about a minute of failures before a message is set aside. */
export const DEFAULT_MAX_ATTEMPTS = 10;

export function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentMessageError) return true;
  // zod 4 errors: a payload its schema refuses will be refused again.
  return error instanceof Error && error.name === 'ZodError';
}

const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

export interface DeadLetterOptions {
  group: string;
  handle: (batch: Delivered[]) => Promise<void>;
  queue: DeadLetterQueue;
  logger: Logger;
  maxAttempts?: number;
  /** Called once per dead letter (metrics). */
  onDeadLetter?: (entry: DeadLetter) => void;
  now?: () => Date;
}

export function withDeadLetters(options: DeadLetterOptions): (batch: Delivered[]) => Promise<void> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const now = options.now ?? (() => new Date());
  // The bus redelivers the same batch after a failure; failures count per first offset of the batch.
  let failing: { from: string; attempts: number } | null = null;

  const deadLetter = async (message: Delivered, error: unknown, attempts: number): Promise<void> => {
    const entry: DeadLetter = { id: randomUUID(), group: options.group, message, error: describe(error), attempts, failed_at: now().toISOString() };
    await options.queue.add(entry);
    options.onDeadLetter?.(entry);
    options.logger.error(
      { group: options.group, deadLetter: entry.id, topic: message.topic, key: message.key, offset: message.offset, type: message.type, err: error },
      'message moved to the dead-letter queue',
    );
  };

  return async (batch) => {
    const from = batch[0]?.offset ?? '';
    let firstError: unknown;
    try {
      await options.handle(batch);
      failing = null;
      return;
    } catch (error) {
      firstError = error;
      failing = failing?.from === from ? { from, attempts: failing.attempts + 1 } : { from, attempts: 1 };
      if (failing.attempts < maxAttempts && !isPermanent(error)) throw error;
    }
    const attempts = failing.attempts;
    // Isolate the poison: apply what can be applied, in order, and set aside what cannot.
    const failed: Array<{ message: Delivered; error: unknown }> = [];
    for (const message of batch) {
      try {
        await options.handle([message]);
      } catch (error) {
        failed.push({ message, error });
      }
    }
    if (batch.length > 1 && failed.length === batch.length && !failed.some((entry) => isPermanent(entry.error))) {
      // Nothing passes and nothing is known to be malformed: the engine behind the handler is failing.
      throw firstError;
    }
    for (const { message, error } of failed) await deadLetter(message, error, attempts);
    failing = null;
  };
}
