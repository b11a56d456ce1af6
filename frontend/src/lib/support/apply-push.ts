/**
 * How a live push changes what the client already holds. Pushes carry the ticket's version: one whose version
 * is not above the cached one is stale (it crossed our own answer) or repeated (a recovered session may
 * deliver it again) and is dropped, so a late push never rolls a ticket back.
 */
import type {
  AdminQueueRow as AdminTicketSummary,
  AdminTicketPush,
  PublicTicketPush,
  PublicTicketSummary,
} from '@evently/support/contracts';

export function isNewer(pushVersion: number, cachedVersion: number | undefined): boolean {
  return cachedVersion === undefined || pushVersion > cachedVersion;
}

function newestFirst(a: { created_at: string }, b: { created_at: string }): number {
  return Date.parse(b.created_at) - Date.parse(a.created_at);
}

/**
 * Applies an admin push to the ticket list in place (an Immer draft in the cache); says whether anything
 * changed. A ticket the list does not know yet goes in by creation time, so a new one lands on top.
 */
export function applyAdminPush(list: AdminTicketSummary[], push: AdminTicketPush): boolean {
  const index = list.findIndex((ticket) => ticket.ticket_number === push.ticket_number);
  const cached = index >= 0 ? list[index] : undefined;
  if (!isNewer(push.version, cached?.version)) return false;
  if (push.change === 'deleted' || !push.ticket) {
    if (index < 0) return false;
    list.splice(index, 1);
    return true;
  }
  if (index >= 0) {
    list[index] = push.ticket;
    return true;
  }
  const at = list.findIndex((ticket) => newestFirst(push.ticket as AdminTicketSummary, ticket) <= 0);
  list.splice(at < 0 ? list.length : at, 0, push.ticket);
  return true;
}

/** The fields a summary push may change on a ticket the client shows in more detail. */
const SUMMARY_FIELDS = [
  'subject',
  'category',
  'priority',
  'status',
  'created_at',
  'updated_at',
  'messages_count',
  'resolution',
  'version',
] as const satisfies readonly (keyof PublicTicketSummary)[];

export type MergeOutcome = 'dropped' | 'merged' | 'deleted';

/**
 * Merges a pushed summary into a cached ticket (public or admin detail) in place. The conversation is not in
 * the push: the caller refetches when `messages_count` says it grew.
 */
export function mergeTicketPush<T extends PublicTicketSummary>(
  cached: T,
  push: Pick<PublicTicketPush, 'change' | 'version'> & { ticket: PublicTicketSummary | null },
): MergeOutcome {
  if (!isNewer(push.version, cached.version)) return 'dropped';
  if (push.change === 'deleted' || !push.ticket) return 'deleted';
  const source = push.ticket;
  for (const field of SUMMARY_FIELDS) {
    (cached as PublicTicketSummary)[field] = source[field] as never;
  }
  return 'merged';
}

/** True when a cached conversation is shorter than the ticket's message count (a push announced more). */
export function conversationIsBehind(ticket: { messages_count: number; messages?: unknown[] }): boolean {
  return Array.isArray(ticket.messages) && ticket.messages.length < ticket.messages_count;
}

/**
 * Applies an admin push to an open ticket in place. Admin pushes carry the whole row as the list call gives it
 * (SLA times and assignee included), so the ticket takes it as is and keeps its conversation; says whether it
 * changed.
 */
export function applyAdminPushToDetail(detail: AdminTicketSummary, push: AdminTicketPush): boolean {
  if (!isNewer(push.version, detail.version) || push.change === 'deleted' || !push.ticket) return false;
  Object.assign(detail, push.ticket);
  return true;
}
