/** Storage layout of the support module on the DocumentStore port. */
import type { CollectionSpec } from '@evently/platform';

export const SUPPORT_TICKETS = 'support_tickets';
/** A ticket's timeline rows (domain/activity.ts), deleted with the ticket. */
export const SUPPORT_ACTIVITY = 'support_ticket_activity';
/** The team's saved answers. */
export const SUPPORT_CANNED_REPLIES = 'support_canned_replies';
/** Which agent has which ticket open, one short-lived record per admin connection (domain/presence.ts). */
export const SUPPORT_PRESENCE = 'support_agent_presence';

export const supportCollections: CollectionSpec[] = [
  {
    name: SUPPORT_TICKETS,
    unique: [['ticket_number'], ['access_token']],
    indexes: [['created_at'], ['status', 'created_at']],
    // The admin list's search box: subject, user name or number, case-insensitively.
    containsFields: ['subject', 'user_name', 'ticket_number'],
  },
  { name: SUPPORT_ACTIVITY, indexes: [['ticket_id', 'seq']] },
  { name: SUPPORT_CANNED_REPLIES, unique: [['title_key']], indexes: [['title_key']] },
  { name: SUPPORT_PRESENCE, unique: [['connection_id']], indexes: [['ticket_number'], ['expires_at']] },
];
