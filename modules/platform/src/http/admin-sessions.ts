/**
 * Admin sessions behind an HttpOnly cookie, so the panel never keeps the admin password in the browser. A
 * session is a 256-bit random token; the store keeps only its SHA-256, so a leaked database row cannot be
 * replayed as a cookie. Sessions live in the DocumentStore rather than in process memory because several api
 * replicas must all accept a login made through any of them, and a logout through one must end it on all.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../clock/clock.ts';
import { defineCollection } from '../store/collection.ts';
import type { CollectionSpec, DocumentStore } from '../store/document-store.port.ts';

const sessions = defineCollection({
  name: 'admin_sessions',
  unique: [['token_hash']],
  indexes: [['expires_at']],
  schema: z.object({
    token_hash: z.string(),
    expires_at: z.string(),
    /** The shared password names no one, so the agent says who they are at login; absent on older sessions. */
    agent_name: z.string().nullable().optional(),
  }),
});

export const adminSessionsCollection: CollectionSpec = sessions.spec;

/** Who holds a live session: the agent name given at login, or null when none was given. */
export interface AdminSessionHolder {
  agentName: string | null;
  /** The session's record id: the same for every tab of one login, never the token (so safe to show other agents). */
  sessionId: string;
}

export interface AdminSessions {
  /** Starts a session signed with the agent's name; the raw token goes into the cookie and is never stored. */
  create(agentName?: string | null): Promise<{ token: string; expiresAt: Date }>;
  isValid(token: string): Promise<boolean>;
  /** The live session's holder, or null when the token is unknown or expired. */
  holder(token: string): Promise<AdminSessionHolder | null>;
  revoke(token: string): Promise<void>;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** base64url of 32 bytes; anything else cannot be one of ours and is refused without a lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function createStoreAdminSessions({
  store,
  clock,
  ttlMs,
}: {
  store: DocumentStore;
  clock: Clock;
  ttlMs: number;
}): AdminSessions {
  async function holder(token: string): Promise<AdminSessionHolder | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const session = await sessions.findOne(store, { token_hash: hashOf(token) });
    if (session === null || session.expires_at <= clock.now().toISOString()) return null;
    return { agentName: session.agent_name ?? null, sessionId: session.id };
  }
  return {
    async create(agentName = null) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + ttlMs);
      await store.transaction(async (tx) => {
        // Expired sessions are swept on login, the only moment sessions are added, so the table stays small.
        for (const old of await sessions.find(tx, {
          where: { expires_at: { lt: now.toISOString() } },
          limit: 100,
        })) {
          await sessions.delete(tx, old.id);
        }
        await sessions.insert(tx, {
          token_hash: hashOf(token),
          expires_at: expiresAt.toISOString(),
          agent_name: agentName,
        });
      });
      return { token, expiresAt };
    },
    isValid: async (token) => (await holder(token)) !== null,
    holder,
    async revoke(token) {
      if (!TOKEN_SHAPE.test(token)) return;
      await store.transaction(async (tx) => {
        const session = await sessions.findOne(tx, { token_hash: hashOf(token) });
        if (session) await sessions.delete(tx, session.id);
      });
    },
  };
}
