/**
 * Adapts each module's own live feed to the gateway's `LivePush`es: which socket.io event carries what, and to
 * which audience. Support's event names and payloads are its live-channel contract (`SUPPORT_LIVE_CHANNELS`),
 * which the React client follows too.
 */
import type { ReviewsModule } from '@evently/reviews';
import { SUPPORT_LIVE_EVENTS, type SupportModule } from '@evently/support';
import type { LiveFeed } from './live-feed.ts';

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
        { audience: 'admin', event: SUPPORT_LIVE_EVENTS.ticket, payload: pushes.admin },
        ...(pushes.ticket
          ? [
              {
                audience: 'ticket',
                ticketNumber: pushes.ticket.ticketNumber,
                event: SUPPORT_LIVE_EVENTS.ticket,
                payload: pushes.ticket.payload,
              } as const,
            ]
          : []),
        ...(pushes.status
          ? [
              {
                audience: 'ticket-status',
                ticketNumber: pushes.status.ticketNumber,
                event: SUPPORT_LIVE_EVENTS.ticketStatus,
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
      return payload ? [{ audience: 'admin', event: SUPPORT_LIVE_EVENTS.presence, payload }] : [];
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
