/** How the queue says a ticket's age and its first-response target: short, and loud only when late. */
import type { AdminTicketSummary } from './api.ts';

export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 && hours < 10 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

export type DueState = { tone: 'overdue' | 'soon' | 'due'; text: string } | { tone: 'met'; text: string } | null;

const SOON_MS = 60 * 60_000;

/** The first-response target: met, due in…, or overdue by… (nothing for a finished ticket never answered in time). */
export function firstResponseState(ticket: Pick<AdminTicketSummary, 'sla' | 'status'>, now: number): DueState {
  const sla = ticket.sla;
  if (!sla) return null;
  if (sla.first_response_at) return { tone: 'met', text: 'First reply sent' };
  if (ticket.status === 'resolved' || ticket.status === 'closed') return null;
  const left = Date.parse(sla.first_response_due_at) - now;
  if (sla.overdue || left <= 0) return { tone: 'overdue', text: `Reply overdue by ${durationText(-left)}` };
  return { tone: left <= SOON_MS ? 'soon' : 'due', text: `Reply due in ${durationText(left)}` };
}

export function ageText(createdAt: string, now: number): string {
  const text = durationText(now - Date.parse(createdAt));
  return text === 'just now' ? 'Opened just now' : `Opened ${text} ago`;
}
