/**
 * Agents' presence on tickets, shared by every api replica through the store (the records, with expiry) and
 * the log (a change message per ticket whose viewers changed). A renewal that changes nothing only moves the
 * expiry, so a heartbeat costs one small write and no message.
 */
import { randomUUID } from 'node:crypto';
import type { Delivered, DocumentTransaction, Stored } from '@evently/platform';
import type { PresenceAnnouncement, PresenceSnapshot, TicketPresence } from '../../contracts/live-channels.ts';
import {
  presenceMessage,
  presenceMessageTypes,
  SUPPORT_PRESENCE_TOPIC,
  supportPresenceChangedSchema,
} from '../../contracts/presence.ts';
import {
  PRESENCE_RENEW_MS,
  PRESENCE_TTL_MS,
  presenceOf,
  type PresenceAgent,
  type PresenceRecord,
} from '../../domain/presence.ts';
import { presenceCollection } from '../../infra/collections.ts';
import type { SupportContext } from '../context.ts';

/** Expired records swept per write: enough to keep up with crashed replicas' leftovers. */
const SWEEP_BATCH = 50;

export interface AgentPresence {
  topics: string[];
  /**
   * Records (or renews) what this connection has open. `agent.id` is who the agent is (their session; tabs of
   * one session merge), `agent.name` what others read (the session's name or the team's; not unique).
   */
  announce(connectionId: string, agent: PresenceAgent, announcement: PresenceAnnouncement): Promise<void>;
  /** The connection closed: its record goes and its ticket's viewers are told. */
  leave(connectionId: string): Promise<void>;
  /** Every ticket someone is on, for a socket that just connected; `renew_ms` is how often to announce again. */
  snapshot(): Promise<Omit<PresenceSnapshot, 'self'>>;
  /** The viewers of the ticket a presence message names, read now (so a late or repeated message is harmless). */
  presenceFor(message: Delivered): Promise<TicketPresence | null>;
}

export function createAgentPresence(ctx: Pick<SupportContext, 'store' | 'clock' | 'logger'>): AgentPresence {
  const changed = (tx: DocumentTransaction, ticketNumbers: Iterable<string>, now: Date) =>
    tx.appendOutbox(
      [...new Set(ticketNumbers)].map((ticket_number) =>
        presenceMessage(presenceMessageTypes.changed, ticket_number, 1, { ticket_number }, now),
      ),
    );

  /** Deletes expired records and returns the tickets they were on. */
  async function sweep(tx: DocumentTransaction, now: Date): Promise<string[]> {
    const expired = await presenceCollection.find(tx, {
      where: { expires_at: { lte: now.toISOString() } },
      limit: SWEEP_BATCH,
    });
    for (const record of expired) await presenceCollection.delete(tx, record.id);
    return expired.map((record) => record.ticket_number);
  }

  async function live(now: Date, ticketNumber?: string): Promise<Array<Stored<PresenceRecord>>> {
    return presenceCollection.find(ctx.store, {
      where: { expires_at: { gt: now.toISOString() }, ...(ticketNumber ? { ticket_number: ticketNumber } : {}) },
      limit: 1000,
    });
  }

  return {
    topics: [SUPPORT_PRESENCE_TOPIC],
    async announce(connectionId, agent, { ticket_number: ticketNumber, state }) {
      const now = ctx.clock.now();
      const expires_at = new Date(now.getTime() + PRESENCE_TTL_MS).toISOString();
      await ctx.store.transaction(async (tx) => {
        const touched = await sweep(tx, now);
        const current = await presenceCollection.findOne(tx, { connection_id: connectionId });
        if (ticketNumber === null) {
          if (current) {
            await presenceCollection.delete(tx, current.id);
            touched.push(current.ticket_number);
          }
        } else if (!current) {
          await presenceCollection.insert(tx, {
            id: randomUUID(),
            connection_id: connectionId,
            agent_id: agent.id,
            agent: agent.name,
            ticket_number: ticketNumber,
            state,
            expires_at,
          });
          touched.push(ticketNumber);
        } else {
          const moved =
            current.ticket_number !== ticketNumber ||
            current.state !== state ||
            current.agent !== agent.name ||
            current.agent_id !== agent.id;
          await presenceCollection.update(tx, current.id, current.version, {
            agent_id: agent.id,
            agent: agent.name,
            ticket_number: ticketNumber,
            state,
            expires_at,
          });
          if (moved) touched.push(current.ticket_number, ticketNumber);
        }
        if (touched.length > 0) await changed(tx, touched, now);
      });
    },
    async leave(connectionId) {
      const now = ctx.clock.now();
      await ctx.store.transaction(async (tx) => {
        const touched = await sweep(tx, now);
        const current = await presenceCollection.findOne(tx, { connection_id: connectionId });
        if (current) {
          await presenceCollection.delete(tx, current.id);
          touched.push(current.ticket_number);
        }
        if (touched.length > 0) await changed(tx, touched, now);
      });
    },
    async snapshot() {
      const now = ctx.clock.now();
      const records = await live(now);
      const tickets = [...new Set(records.map((record) => record.ticket_number))].sort();
      return {
        renew_ms: PRESENCE_RENEW_MS,
        tickets: tickets.map((ticketNumber) => presenceOf(ticketNumber, records, now)),
      };
    },
    async presenceFor(message) {
      if (message.topic !== SUPPORT_PRESENCE_TOPIC || message.type !== presenceMessageTypes.changed) return null;
      const parsed = supportPresenceChangedSchema.safeParse(message.data);
      if (!parsed.success) return null;
      const now = ctx.clock.now();
      return presenceOf(parsed.data.ticket_number, await live(now, parsed.data.ticket_number), now);
    },
  };
}
