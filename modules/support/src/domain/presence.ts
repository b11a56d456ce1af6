/**
 * Which agent is looking at which ticket, and whether they are typing a reply: short-lived facts, so each
 * record expires unless its connection renews it. Two agents should never answer one ticket unknowingly.
 */
import type { TicketPresence } from '../contracts/live-channels.ts';
import type { PresenceState } from '../contracts/vocabulary.ts';

/** A record lives this long past its last renewal; clients renew well within it. */
export const PRESENCE_TTL_MS = 45_000;
/** How often a client should renew its presence (the server says so in the snapshot). */
export const PRESENCE_RENEW_MS = 15_000;

export interface PresenceRecord {
  /** One per admin socket, so leaving one tab keeps the agent's other tabs. */
  connection_id: string;
  /**
   * Who the agent is: their login session (all its tabs), or the connection itself for a socket that logged in
   * with the password. Names are not identities: two agents may both be the unnamed "Support team".
   */
  agent_id: string;
  agent: string;
  ticket_number: string;
  state: PresenceState;
  expires_at: string;
}

/** An agent as the name and identity its connection was given. */
export interface PresenceAgent {
  id: string;
  name: string;
}

export function presenceOf(ticketNumber: string, records: PresenceRecord[], now: Date): TicketPresence {
  const byAgent = new Map<string, TicketPresence['agents'][number]>();
  for (const record of records) {
    if (record.ticket_number !== ticketNumber || record.expires_at <= now.toISOString()) continue;
    const seen = byAgent.get(record.agent_id);
    byAgent.set(record.agent_id, {
      agent_id: record.agent_id,
      agent: record.agent,
      state: seen?.state === 'typing' || record.state === 'typing' ? 'typing' : 'viewing',
      expires_at: seen && seen.expires_at > record.expires_at ? seen.expires_at : record.expires_at,
    });
  }
  const agents = [...byAgent.values()].sort(
    (a, b) => a.agent.localeCompare(b.agent) || a.agent_id.localeCompare(b.agent_id),
  );
  return { ticket_number: ticketNumber, agents };
}
