/**
 * A lease in the DocumentStore: one document per lease name with its holder and expiry. Several workers may
 * run; the one holding `outbox-relay` relays, and the others take over when its lease expires (it crashed,
 * or lost the store). Works on any DocumentStore adapter, because it only uses the port's optimistic
 * versioning: taking or renewing the lease is an update at the version just read, so of two processes
 * racing for it, one commits and the other gets a ConcurrencyError (or, for the very first take, a
 * duplicate id) and stays standby.
 *
 * Expiry compares wall clocks of different hosts: keep `ttlMs` well above the clock skew NTP allows and the
 * renewal interval well below `ttlMs` (the relay renews every ttl/3). Losing the lease while relaying is
 * harmless for correctness: the relay is at-least-once and consumers are idempotent; the lease only keeps
 * two relays from doing the same work.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { defineCollection } from '../store/collection.ts';
import {
  ConcurrencyError,
  UniqueConstraintError,
  type CollectionSpec,
  type DocumentStore,
} from '../store/document-store.port.ts';

/** One document per lease, its id the lease's name. */
const leases = defineCollection({
  name: 'platform_leases',
  schema: z.object({
    holder: z.string(),
    /** Epoch milliseconds. */
    expires_at: z.number(),
  }),
});

export const leaseCollections: CollectionSpec[] = [leases.spec];

export interface Lease {
  readonly name: string;
  readonly holder: string;
  /** Takes the lease if free or expired, renews it if held; true when this process holds it afterwards. */
  acquire(): Promise<boolean>;
  /** Gives the lease up at once (clean shutdown), so a standby takes over without waiting for expiry. */
  release(): Promise<void>;
  /** How long a take or renewal holds it: a holder renews well within this (every third of it). */
  readonly ttlMs: number;
  /** Who holds it now and until when (epoch ms), or null when nobody does (free or expired). */
  current(): Promise<{ holder: string; expiresAt: number } | null>;
}

export interface LeaseOptions {
  store: DocumentStore;
  name: string;
  ttlMs?: number;
  /** Defaults to `<host>-<pid>-<random>`. */
  holder?: string;
  now?: () => number;
}

export const DEFAULT_LEASE_TTL_MS = 15_000;

export function createStoreLease(options: LeaseOptions): Lease {
  const { store, name } = options;
  const ttlMs = options.ttlMs ?? DEFAULT_LEASE_TTL_MS;
  const holder = options.holder ?? `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const now = options.now ?? Date.now;
  let initialised: Promise<void> | null = null;
  const ready = () => (initialised ??= store.init(leaseCollections));

  return {
    name,
    holder,
    ttlMs,
    async current() {
      await ready();
      const seen = await leases.get(store, name);
      return seen && seen.expires_at > now() ? { holder: seen.holder, expiresAt: seen.expires_at } : null;
    },
    async acquire() {
      await ready();
      // A plain read first: a standby polling a held lease costs no transaction.
      const seen = await leases.get(store, name);
      if (seen && seen.holder !== holder && seen.expires_at > now()) return false;
      try {
        return await store.transaction(async (tx) => {
          const current = await leases.get(tx, name);
          const expires_at = now() + ttlMs;
          if (!current) {
            await leases.insert(tx, { id: name, holder, expires_at });
            return true;
          }
          if (current.holder !== holder && current.expires_at > now()) return false;
          await leases.update(tx, name, current.version, { holder, expires_at });
          return true;
        });
      } catch (error) {
        // Another process took or renewed it between our read and our write.
        if (error instanceof ConcurrencyError || error instanceof UniqueConstraintError) return false;
        throw error;
      }
    },
    async release() {
      await ready();
      await store
        .transaction(async (tx) => {
          const current = await leases.get(tx, name);
          if (current?.holder === holder) await leases.update(tx, name, current.version, { expires_at: 0 });
        })
        .catch((error: unknown) => {
          if (!(error instanceof ConcurrencyError)) throw error;
        });
    },
  };
}
