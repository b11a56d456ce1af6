/** Test factory: a stored ticket with plausible values, overridable field by field. */
import type { Stored } from '@evently/platform';
import type { Ticket } from '../domain/ticket.ts';

export function makeTicket(overrides: Partial<Stored<Ticket>> = {}): Stored<Ticket> {
  return {
    id: '6f1c2d9e-0000-4000-8000-000000000001',
    version: 1,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    ticket_number: 'TT-2026-0001',
    user_name: 'Ana Visitor',
    user_email: 'ana@example.com',
    user_phone: '+351 900 000 000',
    subject: 'Wrong date on a concert',
    description: 'The listing says Friday, the seller says Saturday.',
    category: 'events_listings',
    priority: 'medium',
    status: 'new',
    page_url: 'https://evently.test/event/42',
    browser_info: { userAgent: 'Firefox', language: 'pt-PT', platform: 'Linux', screenResolution: '1920x1080' },
    messages_count: 0,
    resolution: null,
    messages: [],
    access_token: 'secret-token-0123456789abcdefghijklmnopqrstuv',
    ...overrides,
  };
}
