import type { AdminTicket } from './api.ts';

/**
 * Spec 02 §8 "Ticket list failure": the panel shows two built-in sample tickets. They are examples of what
 * the queue looks like, never real requests: their numbers say SAMPLE, the list badges them, and no action
 * can be taken on them.
 */
export const SAMPLE_TICKETS: readonly AdminTicket[] = [
  {
    id: 'sample-1',
    ticket_number: 'TT-SAMPLE-0001',
    user_name: 'Sample Visitor',
    user_email: 'visitor@example.com',
    user_phone: null,
    subject: 'Sample: tickets did not arrive after purchase',
    description: 'This is a sample ticket. A visitor bought tickets through a partner and asks where they are.',
    category: 'tickets_booking',
    priority: 'high',
    status: 'new',
    page_url: null,
    browser_info: null,
    created_at: '2025-07-04T09:30:00.000Z',
    updated_at: '2025-07-04T09:30:00.000Z',
    messages_count: 0,
    resolution: null,
    version: 1,
    messages: [],
  },
  {
    id: 'sample-2',
    ticket_number: 'TT-SAMPLE-0002',
    user_name: 'Sample Organizer',
    user_email: 'organizer@example.com',
    user_phone: null,
    subject: 'Sample: wrong venue on an event page',
    description: 'This is a sample ticket. An organizer reports that an event shows the wrong venue.',
    category: 'events_listings',
    priority: 'medium',
    status: 'in_progress',
    page_url: null,
    browser_info: null,
    created_at: '2025-07-03T14:05:00.000Z',
    updated_at: '2025-07-03T16:20:00.000Z',
    messages_count: 1,
    resolution: null,
    version: 2,
    messages: [
      {
        sender_name: 'Support Team',
        message: 'Thanks for letting us know. We are checking with the listing source.',
        is_admin: true,
        created_at: '2025-07-03T16:20:00.000Z',
      },
    ],
  },
];

export const isSampleTicket = (number: string) => SAMPLE_TICKETS.some((ticket) => ticket.ticket_number === number);
