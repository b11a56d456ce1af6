/**
 * Who else is on the support desk: which agents have a ticket open and who is typing a reply in it, as the
 * `/admin` socket reports (a snapshot on connecting, then each ticket's agents whenever they change on any
 * replica). The socket's owner hands this store a sender, so this agent's own state (the open ticket, typing)
 * is announced, renewed while it lasts (the server forgets what is not renewed), and announced again after a
 * reconnect.
 */
import { useSyncExternalStore } from 'react';
import { SUPPORT_LIVE_EVENTS, type TicketPresence as TicketAgents } from '@evently/support/contracts';

type Send = (event: string, payload: unknown) => void;

interface State {
  /** Ticket number → the agents on it. */
  tickets: ReadonlyMap<string, TicketAgents['agents']>;
  /** This agent's own `agent_id` as the server last said (null until the snapshot). */
  self: string | null;
}

/** Typing ends after this long without a key. */
const TYPING_IDLE_MS = 3_000;
const DEFAULT_RENEW_MS = 15_000;

function parseTicket(value: unknown): TicketAgents | null {
  const entry = value as Partial<TicketAgents> | null;
  if (!entry || typeof entry.ticket_number !== 'string' || !Array.isArray(entry.agents)) return null;
  const agents = entry.agents.flatMap((agent: unknown) => {
    const item = agent as Partial<TicketAgents['agents'][number]> | null;
    if (!item || typeof item.agent !== 'string' || typeof item.agent_id !== 'string') return [];
    return [
      {
        agent_id: item.agent_id,
        agent: item.agent,
        state: item.state === 'typing' ? ('typing' as const) : ('viewing' as const),
        expires_at: typeof item.expires_at === 'string' ? item.expires_at : '',
      },
    ];
  });
  return { ticket_number: entry.ticket_number, agents };
}

export function createPresence() {
  let state: State = { tickets: new Map(), self: null };
  const listeners = new Set<() => void>();
  let send: Send | null = null;
  let viewing: string | null = null;
  let typing = false;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  let renewTimer: ReturnType<typeof setInterval> | undefined;
  let renewMs = DEFAULT_RENEW_MS;

  const set = (tickets: Map<string, TicketAgents['agents']>, self = state.self) => {
    state = { tickets, self };
    for (const listener of listeners) listener();
  };
  const announce = () =>
    send?.(SUPPORT_LIVE_EVENTS.presence, { ticket_number: viewing, state: viewing && typing ? 'typing' : 'viewing' });
  const renewEvery = (ms: number) => {
    clearInterval(renewTimer);
    renewMs = ms;
    renewTimer = setInterval(() => {
      if (viewing) announce();
    }, ms);
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => state,

    /** The socket is up (again): say what this agent has open so the others see it. */
    connected(sender: Send) {
      send = sender;
      announce();
      renewEvery(renewMs);
    },
    /** The socket is gone: nobody's presence can be trusted until it is back. */
    disconnected() {
      send = null;
      clearInterval(renewTimer);
      set(new Map(), null);
    },
    /** `presence:snapshot`: every ticket someone is on, which agent is this one, and how often to renew. */
    receivedSnapshot(payload: unknown) {
      const body = payload as { renew_ms?: unknown; tickets?: unknown; self?: unknown } | null;
      const tickets = new Map<string, TicketAgents['agents']>();
      for (const value of Array.isArray(body?.tickets) ? body.tickets : []) {
        const ticket = parseTicket(value);
        if (ticket) tickets.set(ticket.ticket_number, ticket.agents);
      }
      set(tickets, typeof body?.self === 'string' ? body.self : null);
      const ms = Number(body?.renew_ms);
      if (send && Number.isFinite(ms) && ms >= 1_000 && ms !== renewMs) renewEvery(ms);
    },
    /** `presence`: one ticket's agents changed. */
    receivedTicket(payload: unknown) {
      const ticket = parseTicket(payload);
      if (!ticket) return;
      const tickets = new Map(state.tickets);
      if (ticket.agents.length === 0) tickets.delete(ticket.ticket_number);
      else tickets.set(ticket.ticket_number, ticket.agents);
      set(tickets);
    },

    view(ticketNumber: string | null) {
      if (ticketNumber === viewing) return;
      clearTimeout(typingTimer);
      typing = false;
      viewing = ticketNumber;
      announce();
    },
    /** A key in the reply box: "typing" now, and not any more after a quiet spell. */
    typed() {
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => this.stopTyping(), TYPING_IDLE_MS);
      if (typing || !viewing) return;
      typing = true;
      announce();
    },
    stopTyping() {
      clearTimeout(typingTimer);
      if (!typing) return;
      typing = false;
      announce();
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;

/** The page's one presence store (the admin socket feeds it; the list and the detail read it). */
export const adminPresence = createPresence();

export interface TicketPresence {
  viewers: string[];
  typing: string[];
}

const NOBODY: TicketPresence = { viewers: [], typing: [] };

/**
 * The other agents on one ticket (the server lists each agent once, typing if any of their tabs is). Only this
 * agent's own session is left out, never others who share its name; agents who share a name read as
 * "Support team", "Support team (2)". Records past their expiry are left out.
 */
export function presenceOn(state: State, ticketNumber: string, now = Date.now()): TicketPresence {
  const agents = (state.tickets.get(ticketNumber) ?? []).filter(
    (agent) => agent.agent_id !== state.self && !(agent.expires_at && Date.parse(agent.expires_at) <= now),
  );
  if (agents.length === 0) return NOBODY;
  const seen = new Map<string, number>();
  const labelled = agents.map((agent) => {
    const count = (seen.get(agent.agent) ?? 0) + 1;
    seen.set(agent.agent, count);
    return { label: count === 1 ? agent.agent : `${agent.agent} (${count})`, typing: agent.state === 'typing' };
  });
  return {
    viewers: labelled.map((agent) => agent.label),
    typing: labelled.filter((agent) => agent.typing).map((agent) => agent.label),
  };
}

export function usePresenceState(): State {
  return useSyncExternalStore(adminPresence.subscribe, adminPresence.snapshot, adminPresence.snapshot);
}
