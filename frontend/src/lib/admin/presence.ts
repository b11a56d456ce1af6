/**
 * Who else is on the support desk: the agents connected to `/admin`, what each has open and who is typing.
 * One store per page, fed by the admin socket's presence snapshots; the socket's owner hands it a sender so
 * this agent's own state (the open ticket, typing) is announced, and announced again after a reconnect.
 */
import { useSyncExternalStore } from 'react';
import { PRESENCE_EVENTS, type AgentPresence } from './workspace-types.ts';

type Send = (event: string, payload: unknown) => void;

interface State {
  agents: readonly AgentPresence[];
  /** This page's socket id, to leave itself out of "also viewing". */
  self: string | null;
}

/** Typing is announced at most this often while keys keep coming, and ends after this long without one. */
const TYPING_IDLE_MS = 3_000;

function parseAgents(payload: unknown): AgentPresence[] {
  const list = (payload as { agents?: unknown } | null)?.agents;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    const agent = entry as Partial<AgentPresence> | null;
    if (!agent || typeof agent.id !== 'string') return [];
    return [{ id: agent.id, name: typeof agent.name === 'string' && agent.name ? agent.name : null, viewing: typeof agent.viewing === 'string' ? agent.viewing : null, typing: agent.typing === true }];
  });
}

export function createPresence() {
  let state: State = { agents: [], self: null };
  const listeners = new Set<() => void>();
  let send: Send | null = null;
  let viewing: string | null = null;
  let typingIn: string | null = null;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;

  const set = (next: State) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const announceTyping = (ticketNumber: string, typing: boolean) => send?.(PRESENCE_EVENTS.typing, { ticket_number: ticketNumber, typing });

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => state,

    /** The socket is up (again): repeat what this agent has open so the others see it. */
    connected(socketId: string | null, sender: Send) {
      send = sender;
      set({ ...state, self: socketId });
      sender(PRESENCE_EVENTS.viewing, { ticket_number: viewing });
      if (typingIn) announceTyping(typingIn, true);
    },
    /** The socket is gone: nobody's presence can be trusted until it is back. */
    disconnected() {
      send = null;
      set({ agents: [], self: state.self });
    },
    received(payload: unknown) {
      set({ ...state, agents: parseAgents(payload) });
    },

    view(ticketNumber: string | null) {
      if (ticketNumber === viewing) return;
      if (typingIn && typingIn !== ticketNumber) this.stopTyping();
      viewing = ticketNumber;
      send?.(PRESENCE_EVENTS.viewing, { ticket_number: ticketNumber });
    },
    /** A key in the reply box: "typing" now, and not any more after a quiet spell. */
    typed(ticketNumber: string) {
      if (typingIn !== ticketNumber) {
        typingIn = ticketNumber;
        announceTyping(ticketNumber, true);
      }
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => this.stopTyping(), TYPING_IDLE_MS);
    },
    stopTyping() {
      clearTimeout(typingTimer);
      if (!typingIn) return;
      announceTyping(typingIn, false);
      typingIn = null;
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

/** The other agents on one ticket, by name; an agent with two tabs open counts once. */
export function presenceOn(state: State, ticketNumber: string, unnamed: string): TicketPresence {
  const others = state.agents.filter((agent) => agent.id !== state.self && agent.viewing === ticketNumber);
  if (others.length === 0) return NOBODY;
  const names = (list: AgentPresence[]) => [...new Set(list.map((agent) => agent.name ?? unnamed))];
  return { viewers: names(others), typing: names(others.filter((agent) => agent.typing)) };
}

export function usePresenceState(): State {
  return useSyncExternalStore(adminPresence.subscribe, adminPresence.snapshot, adminPresence.snapshot);
}
