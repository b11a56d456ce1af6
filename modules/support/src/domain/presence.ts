/**
 * Which agent is looking at which ticket, and whether they are typing a reply: short-lived facts, so each
 * record expires unless its connection renews it. Two agents should never answer one ticket unknowingly.
 */
export const PRESENCE_STATES = ['viewing', 'typing'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/** A record lives this long past its last renewal; clients renew well within it. */
export const PRESENCE_TTL_MS = 45_000;
/** How often a client should renew its presence (the server says so in the snapshot). */
export const PRESENCE_RENEW_MS = 15_000;

export interface PresenceRecord {
  /** One per admin socket, so an agent with two tabs shows as one name and leaving one tab keeps the other. */
  connection_id: string;
  agent: string;
  ticket_number: string;
  state: PresenceState;
  expires_at: string;
}

/** What agents see of one ticket: each agent once, typing if any of their tabs is. */
export interface TicketPresence {
  ticket_number: string;
  agents: Array<{ agent: string; state: PresenceState; expires_at: string }>;
}

export function presenceOf(ticketNumber: string, records: PresenceRecord[], now: Date): TicketPresence {
  const byAgent = new Map<string, { agent: string; state: PresenceState; expires_at: string }>();
  for (const record of records) {
    if (record.ticket_number !== ticketNumber || record.expires_at <= now.toISOString()) continue;
    const seen = byAgent.get(record.agent);
    byAgent.set(record.agent, {
      agent: record.agent,
      state: seen?.state === 'typing' || record.state === 'typing' ? 'typing' : 'viewing',
      expires_at: seen && seen.expires_at > record.expires_at ? seen.expires_at : record.expires_at,
    });
  }
  return { ticket_number: ticketNumber, agents: [...byAgent.values()].sort((a, b) => a.agent.localeCompare(b.agent)) };
}
