/**
 * One timeline from the conversation and the ticket's activity: messages (replies, internal notes, the
 * visitor's follow-ups) stay messages, and everything else (status, priority, assignment, mail) reads as an
 * event line. An activity entry about a message is the message itself, so it is not listed twice.
 */
import type { ActivityView as ActivityEntry } from '@evently/support/contracts';
import { priorityLabel, statusLabel } from '../../lib/support/ticket-labels.ts';
import type { WorkspaceMessage } from './api.ts';

export type TimelineItem =
  | { kind: 'message'; key: string; at: string; message: WorkspaceMessage }
  | { kind: 'event'; key: string; at: string; actor: string; text: string; tone: 'neutral' | 'status' | 'problem' };

const MESSAGE_KINDS: ReadonlySet<string> = new Set(['reply', 'note', 'visitor_message']);
const SYSTEM = 'System';

const MAIL_KINDS: Record<string, string> = {
  confirmation: 'Confirmation mailed to the visitor',
  update: 'Update mailed to the visitor',
  team: 'Team notified by mail',
};

export function eventText(entry: ActivityEntry): { text: string; tone: 'neutral' | 'status' | 'problem' } | null {
  const who = entry.actor;
  switch (entry.kind) {
    case 'opened':
      return { text: 'Ticket opened', tone: 'neutral' };
    case 'status_changed':
      return {
        text: entry.from
          ? `${who} changed the status from ${statusLabel(entry.from)} to ${statusLabel(entry.to ?? '')}`
          : `${who} set the status to ${statusLabel(entry.to ?? '')}`,
        tone: 'status',
      };
    case 'priority_changed':
      return {
        text: `${who} changed the priority from ${priorityLabel(entry.from ?? '')} to ${priorityLabel(entry.to ?? '')}`,
        tone: 'neutral',
      };
    case 'assigned':
      if (!entry.to) return { text: `${who} unassigned the ticket`, tone: 'neutral' };
      return {
        text: entry.to === who ? `${who} took the ticket` : `${who} assigned the ticket to ${entry.to}`,
        tone: 'neutral',
      };
    case 'mail_sent':
      return { text: MAIL_KINDS[entry.detail ?? ''] ?? 'Mail sent', tone: 'neutral' };
    case 'mail_failed':
      return { text: `Mail could not be sent${entry.detail ? `: ${entry.detail}` : ''}`, tone: 'problem' };
    default:
      return null;
  }
}

export function timelineItems(
  messages: readonly WorkspaceMessage[],
  activity: readonly ActivityEntry[] | undefined,
): TimelineItem[] {
  const items: TimelineItem[] = messages.map((message, index) => ({
    kind: 'message',
    key: `m${index}`,
    at: message.created_at,
    message,
  }));
  (activity ?? []).forEach((entry, index) => {
    if (MESSAGE_KINDS.has(entry.kind)) return;
    const described = eventText(entry);
    if (!described) return;
    items.push({
      kind: 'event',
      key: `a${index}`,
      at: entry.at,
      actor: entry.actor === SYSTEM ? '' : entry.actor,
      ...described,
    });
  });
  // Stable: at the same instant an event (a status change) comes before the message it carried.
  return items
    .map((item, order) => ({ item, order }))
    .sort(
      (a, b) =>
        a.item.at.localeCompare(b.item.at) ||
        (a.item.kind === b.item.kind ? a.order - b.order : a.item.kind === 'event' ? -1 : 1),
    )
    .map(({ item }) => item);
}
