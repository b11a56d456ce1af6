/**
 * Adapts each module's own live feed to the gateway's `LivePush`es: which socket.io event carries what, and to
 * which audience. The event names are the contract with the React client (`frontend/src/lib/realtime`).
 */
import type { ReviewsModule } from '@evently/reviews';
import type { SupportModule } from '@evently/support';
import type { LiveFeed } from './live-feed.ts';

export const TICKET_EVENT = 'ticket';
/** What a visitor following by number alone gets: `{ change, ticket_number, version, ticket: { status, dates } | null }`. */
export const TICKET_STATUS_EVENT = 'ticket:status';
export const REVIEWS_PENDING_EVENT = 'reviews:pending';
/** To the admins: `{ ticket_number, agents: [{ agent, state: viewing | typing, expires_at }] }` whenever a ticket's viewers change. */
export const PRESENCE_EVENT = 'presence';

/**
 * Every ticket change to the admins (admin view); the visitor's changes to that ticket's token holders (public
 * view); status moves to those following by number alone (status view).
 */
export function supportLiveFeed(live: SupportModule['live']): LiveFeed {
  return {
    topics: live.topics,
    async pushesFor(message) {
      const pushes = await live.pushesFor(message);
      if (!pushes) return [];
      return [
        { audience: 'admin', event: TICKET_EVENT, payload: pushes.admin },
        ...(pushes.ticket
          ? [
              {
                audience: 'ticket',
                ticketNumber: pushes.ticket.ticketNumber,
                event: TICKET_EVENT,
                payload: pushes.ticket.payload,
              } as const,
            ]
          : []),
        ...(pushes.status
          ? [
              {
                audience: 'ticket-status',
                ticketNumber: pushes.status.ticketNumber,
                event: TICKET_STATUS_EVENT,
                payload: pushes.status.payload,
              } as const,
            ]
          : []),
      ];
    },
  };
}

/** Who is on which ticket, to the admins of every replica. */
export function supportPresenceFeed(presence: SupportModule['presence']): LiveFeed {
  return {
    topics: presence.topics,
    async pushesFor(message) {
      const payload = await presence.presenceFor(message);
      return payload ? [{ audience: 'admin', event: PRESENCE_EVENT, payload }] : [];
    },
  };
}

/** The moderation queue's pending count, to the admins. */
export function reviewsLiveFeed(live: ReviewsModule['live']): LiveFeed {
  return {
    topics: live.topics,
    async pushesFor(message) {
      const push = await live.pushesFor(message);
      return push ? [{ audience: 'admin', event: push.event, payload: push.payload }] : [];
    },
  };
}
