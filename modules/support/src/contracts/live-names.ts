/**
 * The support desk's socket.io namespaces and event names: plain strings with no schema beside them, so the
 * browser takes them without zod. What each event carries is in `live-channels.ts`.
 */

/** The same name may mean different payloads in the two namespaces (see `SUPPORT_LIVE_CHANNELS`). */
export const SUPPORT_LIVE_EVENTS = {
  ticket: 'ticket',
  ticketStatus: 'ticket:status',
  presence: 'presence',
  presenceSnapshot: 'presence:snapshot',
} as const;

export const SUPPORT_LIVE_NAMESPACES = { admin: '/admin', tickets: '/tickets' } as const;
