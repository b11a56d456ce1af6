/**
 * What the realtime gateway needs from a module that has live data (today: support tickets). The module turns
 * its own bus messages into pushes and decides who may follow one ticket; the gateway only moves them to
 * sockets, so it knows no business rules.
 */
import type { Delivered } from '@evently/platform';

export interface LivePushes {
  /** Sent to every socket of the `/admin` namespace. */
  admin: { version: number };
  /** Sent to the followers of one ticket in the `/tickets` namespace. */
  ticket: { ticketNumber: string; payload: { version: number } };
}

export interface LiveFeed {
  topics: string[];
  pushesFor(message: Delivered): Promise<LivePushes | null>;
  canFollow(ticketNumber: string, token: string): Promise<boolean>;
}

/** Room of the followers of one ticket in the `/tickets` namespace. */
export const ticketRoom = (ticketNumber: string) => `ticket:${ticketNumber}`;
