/**
 * Dead letters: messages a consumer group could not handle after bounded retries. Without them one poison
 * message (a payload its schema refuses, a document the engine rejects, a bug on this input) would block its
 * partition forever, since offsets are committed only after the handler succeeds.
 *
 * `withDeadLetters` wraps a subscription's handler. Only a failure the message caused counts: an outage
 * (`outage.ts`: the SMTP server, the search engine or the disk is unavailable) is passed straight back to the
 * bus, which waits for the dependency with backoff however long it takes, and counts nothing. A failing batch
 * is retried by the bus (same batch, growing delay); after `maxAttempts` failures caused by its messages, or
 * at once when the error is permanent (`PermanentMessageError`, a zod error), the batch is handled one message
 * at a time: messages that pass are applied, each one that still fails goes to the dead-letter queue, is
 * logged and counted, and the group goes on. An outage met while doing so stops it and is waited for.
 *
 * Attempts are counted per position of the batch's first message (topic and offset; a Kafka offset names
 * its partition), so batches of other partitions succeeding in between never reset a poison message's count.
 *
 * Side-effect consumers keep at-most-once: their handlers claim each message before acting (`doOnce`), so
 * neither the per-message retry nor a replay of the dead letter can act twice.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Delivered } from './envelope.ts';
import { isOutage } from './outage.ts';

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
  /** Open dead letters per consumer group, read as counts (the metrics scrape it). */
  counts(): Promise<Record<string, number>>;
}

/** Thrown by a handler for a message that can never succeed: dead-lettered without further retries. */
export class PermanentMessageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentMessageError';
  }
}

/** With the buses' growing retry delays, about a minute of the message's own failures before it is set aside. */
export const DEFAULT_MAX_ATTEMPTS = 10;

export function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentMessageError) return true;
  // zod 4 errors: a payload its schema refuses will be refused again.
  return error instanceof Error && error.name === 'ZodError';
}

/** How many failing positions are remembered per subscription; a position is forgotten once it passes. */
const MAX_TRACKED_POSITIONS = 10_000;

const describe = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

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

const positionOf = (message: Delivered | undefined): string =>
  message ? `${message.topic}\u0000${message.offset}` : '';

export function withDeadLetters(options: DeadLetterOptions): (batch: Delivered[]) => Promise<void> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const now = options.now ?? (() => new Date());
  // Failures caused by the messages, per position of a failing batch's first message.
  const attemptsAt = new Map<string, number>();

  const deadLetter = async (message: Delivered, error: unknown, attempts: number): Promise<void> => {
    const entry: DeadLetter = {
      id: randomUUID(),
      group: options.group,
      message,
      error: describe(error),
      attempts,
      failed_at: now().toISOString(),
    };
    await options.queue.add(entry);
    options.onDeadLetter?.(entry);
    options.logger.error(
      {
        group: options.group,
        deadLetter: entry.id,
        topic: message.topic,
        key: message.key,
        offset: message.offset,
        type: message.type,
        err: error,
      },
      'message moved to the dead-letter queue',
    );
  };

  return async (batch) => {
    const position = positionOf(batch[0]);
    let attempts: number;
    try {
      await options.handle(batch);
      attemptsAt.delete(position);
      return;
    } catch (error) {
      // The dependency is down: the bus waits for it; the message has done nothing wrong.
      if (isOutage(error)) throw error;
      attempts = (attemptsAt.get(position) ?? 0) + 1;
      if (attempts < maxAttempts && !isPermanent(error)) {
        attemptsAt.delete(position);
        if (attemptsAt.size >= MAX_TRACKED_POSITIONS) attemptsAt.delete(attemptsAt.keys().next().value!);
        attemptsAt.set(position, attempts);
        throw error;
      }
    }
    // Isolate the poison: apply what can be applied, in order, and set aside what cannot.
    const failed: Array<{ message: Delivered; error: unknown }> = [];
    for (const message of batch) {
      try {
        await options.handle([message]);
      } catch (error) {
        // An outage met while isolating is waited for like any other; the batch comes back spent, and is isolated again.
        if (isOutage(error)) {
          attemptsAt.set(position, attempts - 1);
          throw error;
        }
        failed.push({ message, error });
      }
    }
    for (const { message, error } of failed) await deadLetter(message, error, attempts);
    attemptsAt.delete(position);
  };
}
