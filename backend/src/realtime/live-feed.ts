/**
 * What the realtime gateway needs from modules with live data (support tickets, the review queue). Each
 * module turns its own bus messages into pushes; the composition root adapts them to `LivePush`es, and the
 * gateway only moves pushes to sockets, so it knows no business rules.
 */
import type { Delivered } from '@evently/platform';
import type { PresenceAnnouncement, PresenceSnapshot } from '@evently/support';

/** One socket.io emit: to every admin socket, to the token holders following one ticket, or to its followers by number. */
export type LivePush =
  | { audience: 'admin'; event: string; payload: unknown }
  | { audience: 'ticket'; ticketNumber: string; event: string; payload: unknown }
  | { audience: 'ticket-status'; ticketNumber: string; event: string; payload: unknown };

export interface LiveFeed {
  topics: string[];
  pushesFor(message: Delivered): Promise<LivePush[]>;
}

/** Who may follow which ticket in the `/tickets` namespace. */
export interface TicketAccess {
  canFollow(ticketNumber: string, token: string): Promise<boolean>;
  /** Whether a ticket has this number: anyone who knows it may follow its status. */
  canTrack(ticketNumber: string): Promise<boolean>;
}

/** Agents' presence on tickets, kept where every replica sees it (the support module's store records and log). */
export interface AdminPresence {
  /** `agent.id` is who the agent is (their session), `agent.name` what other agents read; names repeat. */
  announce(
    connectionId: string,
    agent: { id: string; name: string },
    announcement: PresenceAnnouncement,
  ): Promise<void>;
  leave(connectionId: string): Promise<void>;
  /** Every ticket someone is on; the gateway adds the socket's own `self`. */
  snapshot(): Promise<Omit<PresenceSnapshot, 'self'>>;
}

/** Room of the token holders following one ticket in the `/tickets` namespace. */
export const ticketRoom = (ticketNumber: string) => `ticket:${ticketNumber}`;
/** Room of those following one ticket's status by its number alone. */
export const ticketStatusRoom = (ticketNumber: string) => `ticket-status:${ticketNumber}`;

/** Several feeds as one: each message goes to the feeds whose topics include its topic. */
export function combineLiveFeeds(feeds: LiveFeed[]): LiveFeed {
  return {
    topics: [...new Set(feeds.flatMap((feed) => feed.topics))],
    async pushesFor(message) {
      const pushes: LivePush[] = [];
      for (const feed of feeds)
        if (feed.topics.includes(message.topic)) pushes.push(...(await feed.pushesFor(message)));
      return pushes;
    },
  };
}
