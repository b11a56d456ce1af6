/**
 * A ticket as the admin's queue lists it, for client specs: the fields every row carries. The workspace's
 * additions (assignee, notes, SLA) and the conversation are left to the spec that reads them.
 */
import type { AdminQueueRow } from '@evently/support/contracts';

export const TICKET_ROW: Omit<AdminQueueRow, 'assignee' | 'notes_count' | 'sla'> = {
  id: 'id-1',
  ticket_number: 'TT-2025-0001',
  user_name: 'Ana Lopez',
  user_email: 'ana@example.com',
  user_phone: null,
  subject: 'Refund for cancelled concert',
  description: 'The show was cancelled. Who refunds me?',
  category: 'refunds',
  priority: 'high',
  status: 'new',
  page_url: 'http://localhost/event/1',
  browser_info: null,
  created_at: '2025-07-01T10:00:00.000Z',
  updated_at: '2025-07-01T10:00:00.000Z',
  messages_count: 0,
  resolution: null,
  version: 1,
};
