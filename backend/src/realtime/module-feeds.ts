/**
 * Adapts each module's own live feed to the gateway's `LivePush`es: which socket.io event carries what, and to
 * which audience. The event names are the contract with the React client (`frontend/src/lib/realtime`).
 */
import type { ReviewsModule } from '@evently/reviews';
import type { SupportModule } from '@evently/support';
import type { LiveFeed } from './live-feed.ts';

export const TICKET_EVENT = 'ticket';
export const REVIEWS_PENDING_EVENT = 'reviews:pending';

/** Every ticket change to the admins (admin view), and to that ticket's followers (public view). */
export function supportLiveFeed(live: SupportModule['live']): LiveFeed {
  return {
    topics: live.topics,
    async pushesFor(message) {
      const pushes = await live.pushesFor(message);
      if (!pushes) return [];
      return [
        { audience: 'admin', event: TICKET_EVENT, payload: pushes.admin },
        { audience: 'ticket', ticketNumber: pushes.ticket.ticketNumber, event: TICKET_EVENT, payload: pushes.ticket.payload },
      ];
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
