/**
 * The ticket's statuses and priorities in the panel's and the form's words (spec 02 §2). The values themselves
 * are the server's (`@evently/support/contracts`); a status or priority added there fails to compile here
 * until it has its words.
 */
import type { TicketPriority, TicketStatus } from '@evently/support/contracts';

/** The exact status wording of spec 02 §2 (status filter and badges). */
export const STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'New',
  in_progress: 'In Progress',
  waiting_for_user: 'Waiting for User',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** Unknown values from a newer server still render: as their raw text rather than as nothing. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status as TicketStatus] ?? status;
}

export function priorityLabel(priority: string): string {
  return PRIORITY_LABELS[priority as TicketPriority] ?? priority;
}
