/**
 * One allowance of mail per mailbox for the whole site. Anyone can type anyone's address into a public form
 * (a ticket, a sign-up, a partnership request), and each of those mails the address; the cap bounds what all of
 * them together send to one inbox in a window, however many forms, modules, worker processes or spellings of
 * the address (`Victim+1@X.example` is `victim@x.example`, see `mailboxKey`) are involved.
 *
 * Only mail that was handed to the transport counts: a slot is taken before sending and given back when the
 * send fails, so an SMTP outage (retried later by the bus) or a refused message never uses up anyone's
 * allowance, and two senders racing for the last slot cannot both take it. A crash between taking the slot and
 * the end of the send keeps the slot: the mail may have gone.
 *
 * Mail an operator causes (an admin's reply, the weekly digest to a confirmed subscriber, a notice to the
 * team's own inbox) is not capped and does not count: callers send it with the mailer directly.
 *
 * The counts live in the DocumentStore (`mailbox_cap_counts`), one document per mailbox and window, keyed by a
 * hash, changed like the rate-limit counters (versioned updates, retried on a lost race): every process sharing
 * the store shares them, restarts keep them, and no address is stored.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../clock/clock.ts';
import { parseEnvSettings } from '../config/env-settings.ts';
import type { ModuleDeps } from '../module.ts';
import { counterTransaction } from '../http/store-rate-limiter.ts';
import { defineCollection } from '../store/collection.ts';
import type { CollectionSpec, DocumentStore, DocumentTransaction } from '../store/document-store.port.ts';
import { parseMailAddress } from '../contracts/mail-address.ts';
import { mailboxKey } from './mail-address.ts';
import { InvalidMailAddressError, type MailboxCap, type SentMail } from './mailer.port.ts';

export const MAILBOX_CAP_COUNTS = 'mailbox_cap_counts';

/** One document per mailbox and window, its id a hash of the mailbox. */
const counts = defineCollection({
  name: MAILBOX_CAP_COUNTS,
  indexes: [['reset_at']],
  schema: z.object({
    count: z.number(),
    /** Epoch milliseconds when the window ends and the count starts again from zero. */
    reset_at: z.number(),
  }),
});

export const mailboxCapCollection: CollectionSpec = counts.spec;

export interface MailboxCapSpec {
  /** Capped mails one mailbox may receive per window, from all modules together. */
  limit: number;
  windowMs: number;
}

/** Enough for a person's own day (two tickets, a sign-up, an inquiry), too little to be worth relaying spam. */
export const DEFAULT_MAILBOX_CAP: MailboxCapSpec = { limit: 5, windowMs: 86_400_000 };

/** Expired counts removed per new window opened, which keeps the collection about as large as live mailboxes. */
const SWEEP_BATCH = 20;

const countId = (mailbox: string) => createHash('sha256').update(`mailbox-cap\n${mailbox}`).digest('base64url');

export interface StoreMailboxCapOptions extends Partial<MailboxCapSpec> {
  store: DocumentStore;
  clock: Clock;
}

export function createStoreMailboxCap({
  store,
  clock,
  limit = DEFAULT_MAILBOX_CAP.limit,
  windowMs = DEFAULT_MAILBOX_CAP.windowMs,
}: StoreMailboxCapOptions): MailboxCap {
  // Harnesses that never declared the collection still work: the first use creates it (init is idempotent).
  let ready: Promise<void> | undefined;
  const ensureCollection = () => (ready ??= store.init([mailboxCapCollection]));

  /** Runs `work` in a transaction, again when another process changed or created the same count meanwhile. */
  async function withRetry<R>(work: (tx: DocumentTransaction, now: number) => Promise<R>): Promise<R> {
    await ensureCollection();
    return counterTransaction(store, clock, work);
  }

  /** Takes one slot of the mailbox's window: the window's end, or how long until one is free again. */
  const take = (id: string) =>
    withRetry(
      async (tx, now): Promise<{ taken: true; window: number } | { taken: false; retryAfterSeconds: number }> => {
        const stored = await counts.get(tx, id);
        if (stored && stored.reset_at > now) {
          if (stored.count >= limit)
            return { taken: false, retryAfterSeconds: Math.max(1, Math.ceil((stored.reset_at - now) / 1000)) };
          await counts.update(tx, id, stored.version, { count: stored.count + 1 });
          return { taken: true, window: stored.reset_at };
        }
        const fresh = { count: 1, reset_at: now + windowMs };
        if (stored) {
          await counts.update(tx, id, stored.version, fresh);
        } else {
          for (const old of await counts.find(tx, {
            where: { reset_at: { lte: now } },
            limit: SWEEP_BATCH,
          })) {
            await counts.delete(tx, old.id);
          }
          await counts.insert(tx, { id, ...fresh });
        }
        return { taken: true, window: fresh.reset_at };
      },
    );

  /** Gives a slot back to the window it was taken from; a window that has ended since has nothing to give back to. */
  const giveBack = (id: string, window: number) =>
    withRetry(async (tx) => {
      const stored = await counts.get(tx, id);
      if (stored && stored.reset_at === window && stored.count > 0) {
        await counts.update(tx, id, stored.version, { count: stored.count - 1 });
      }
    });

  return {
    async send(mailer, message) {
      const recipient = parseMailAddress(message.to);
      if (!recipient) throw new InvalidMailAddressError('to');
      const id = countId(mailboxKey(recipient));
      const slot = await take(id);
      if (!slot.taken) return { status: 'capped', retryAfterSeconds: slot.retryAfterSeconds };
      let sent: SentMail;
      try {
        sent = await mailer.send(message);
      } catch (error) {
        // If the store is what failed, the slot stays taken: the send's own error is the one to report.
        await giveBack(id, slot.window).catch(() => undefined);
        throw error;
      }
      return { status: 'sent', sent };
    },
  };
}

const envSchema = z.object({
  /** Capped mails one mailbox may receive per day from all public forms together. */
  MAILS_PER_MAILBOX_PER_DAY: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number between 1 and 1000')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1000, 'must be a whole number between 1 and 1000')
    .optional(),
});

/** `MAILS_PER_MAILBOX_PER_DAY` (default 5), read once at start; a bad value stops the process with one line. */
export function mailboxCapFromEnv(env: Record<string, string | undefined>): MailboxCapSpec {
  const settings = parseEnvSettings(envSchema, env);
  return {
    limit: settings.MAILS_PER_MAILBOX_PER_DAY ?? DEFAULT_MAILBOX_CAP.limit,
    windowMs: DEFAULT_MAILBOX_CAP.windowMs,
  };
}

/** The module's shared cap: the composition's, or (module harnesses) a store-backed one on the module's store. */
export function mailboxCapFor(deps: Pick<ModuleDeps, 'mailboxCap' | 'store' | 'clock'>): MailboxCap {
  return deps.mailboxCap ?? createStoreMailboxCap({ store: deps.store, clock: deps.clock });
}
