/**
 * What the realtime gateway pushes for the support messages it consumes. The gateway owns sockets and rooms;
 * this module decides the content. Payloads are built from the ticket's current state rather than from the
 * message (which carries no personal data), and carry its version so a client drops stale or repeated pushes.
 */
import type { Delivered, Stored } from '@evently/platform';
import type { AdminTicketPush, PublicTicketPush, TicketStatusPush } from '../../contracts/live-channels.ts';
import type { TicketChange } from '../../contracts/vocabulary.ts';
import { SUPPORT_TICKETS_TOPIC, supportMessageSchemas, supportMessageTypes } from '../../contracts/messages.ts';
import { tokensMatch } from '../../domain/access-token.ts';
import { ticketSla } from '../../domain/sla.ts';
import type { Ticket } from '../../domain/ticket.ts';
import { toAdminSummary, toPublicSummary, toStatusView } from '../../domain/ticket-views.ts';
import { ticketsCollection } from '../../infra/collections.ts';
import type { SupportContext } from '../context.ts';
import { findByNumber } from '../find-ticket.ts';

/** The payloads of one bus message, by audience; the gateway sends each under its event (`live-channels.ts`). */
export interface LivePushes {
  /** for the admin room */
  admin: AdminTicketPush;
  /** for the room of that ticket's followers (token holders); null when the change is the team's alone (a note, an assignment) */
  ticket: { ticketNumber: string; payload: PublicTicketPush } | null;
  /** for the followers by number alone; only when the status moved or the ticket was deleted */
  status: { ticketNumber: string; payload: TicketStatusPush } | null;
}

export interface SupportLiveFeed {
  topics: string[];
  /** What the realtime gateway pushes for one bus message; reads the ticket's current state. null = push nothing. */
  pushesFor(message: Delivered): Promise<LivePushes | null>;
  /** true only when `token` is that ticket's access token (constant-time compare); false for unknown tickets. */
  canFollow(ticketNumber: string, token: string): Promise<boolean>;
  /** true when the ticket exists: its status view is what anyone with the number may read and follow. */
  canTrack(ticketNumber: string): Promise<boolean>;
}

const changes: Record<string, TicketChange> = {
  [supportMessageTypes.opened]: 'opened',
  [supportMessageTypes.statusChanged]: 'status_changed',
  [supportMessageTypes.messagePosted]: 'message_posted',
  [supportMessageTypes.deleted]: 'deleted',
  [supportMessageTypes.assigned]: 'assigned',
  [supportMessageTypes.priorityChanged]: 'priority_changed',
};

/** Changes the visitor does not see: the team's notes and who took the ticket. */
const teamOnly = new Set<TicketChange>(['note_added', 'assigned']);

function pushes(
  change: TicketChange,
  ref: { id: string; ticketNumber: string; version: number },
  ticket: Stored<Ticket> | null,
  statusMoved: boolean,
  sla: Pick<SupportContext, 'clock' | 'firstResponseHours'>,
): LivePushes {
  const row = ticket
    ? { ...toAdminSummary(ticket), sla: ticketSla(ticket, sla.clock.now(), sla.firstResponseHours) }
    : null;
  return {
    admin: { change, ticket_number: ref.ticketNumber, id: ref.id, version: ref.version, ticket: row },
    ticket: teamOnly.has(change)
      ? null
      : {
          ticketNumber: ref.ticketNumber,
          payload: {
            change,
            ticket_number: ref.ticketNumber,
            version: ref.version,
            ticket: ticket ? toPublicSummary(ticket) : null,
          },
        },
    status:
      change === 'deleted' || statusMoved
        ? {
            ticketNumber: ref.ticketNumber,
            payload: {
              change: change === 'deleted' ? 'deleted' : 'status_changed',
              ticket_number: ref.ticketNumber,
              version: ref.version,
              ticket: ticket ? toStatusView(ticket) : null,
            },
          }
        : null,
  };
}

/** Whether the message moved the ticket's status (a status change, or a follow-up that reopened it). */
function movedStatus(type: string, data: Record<string, unknown>): boolean {
  if (type === supportMessageTypes.statusChanged) return data.from !== data.to;
  if (type === supportMessageTypes.messagePosted) return data.status !== data.previous_status;
  return false;
}

export function createSupportLiveFeed(
  ctx: Pick<SupportContext, 'store' | 'clock' | 'firstResponseHours'>,
): SupportLiveFeed {
  return {
    topics: [SUPPORT_TICKETS_TOPIC],
    async pushesFor(message) {
      let change = changes[message.type];
      if (message.topic !== SUPPORT_TICKETS_TOPIC || !change) return null;
      const schema = supportMessageSchemas[message.type as keyof typeof supportMessageSchemas];
      const parsed = schema.safeParse(message.data);
      if (!parsed.success) return null;
      const { ticket_id: id, ticket_number: ticketNumber } = parsed.data;
      if (change === 'deleted')
        return pushes(change, { id, ticketNumber, version: message.aggregate_version }, null, false, ctx);
      if ((parsed.data as { is_internal?: boolean }).is_internal === true) change = 'note_added';
      const ticket = await ticketsCollection.get(ctx.store, id);
      // Gone since: its own SupportTicketDeleted follows and tells the rooms.
      if (!ticket) return null;
      return pushes(
        change,
        { id, ticketNumber, version: ticket.version },
        ticket,
        movedStatus(message.type, parsed.data as Record<string, unknown>),
        ctx,
      );
    },
    async canTrack(ticketNumber) {
      return (await findByNumber(ctx.store, ticketNumber)) !== null;
    },
    async canFollow(ticketNumber, token) {
      if (typeof token !== 'string' || !token) return false;
      const ticket = await findByNumber(ctx.store, ticketNumber);
      return ticket !== null && tokensMatch(token, ticket.access_token);
    },
  };
}
