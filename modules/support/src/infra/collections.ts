/** Storage layout of the support module on the DocumentStore port. */
import type { CollectionSpec } from '@evently/platform';

export const SUPPORT_TICKETS = 'support_tickets';

export const supportCollections: CollectionSpec[] = [
  {
    name: SUPPORT_TICKETS,
    unique: [['ticket_number'], ['access_token']],
    indexes: [['created_at'], ['status', 'created_at']],
    // The admin list's search box: subject, user name or number, case-insensitively.
    containsFields: ['subject', 'user_name', 'ticket_number'],
  },
];
