import { api } from '../../app/api.ts';
import { liveChannelClosed, liveStateChanged } from '../../components/live-status/live-status-slice.ts';
import { liveConnectionsOf } from '../../lib/realtime/live-connections.ts';
import { applyAdminPush, applyAdminPushToDetail, isNewer } from '../../lib/support/apply-push.ts';
import { adminPresence } from '../../lib/admin/presence.ts';
import { ADMIN_NAMESPACE, injectAdminEndpoints } from '../../lib/admin/admin-endpoints.ts';
import {
  SUPPORT_LIVE_EVENTS,
  type AdminQueue,
  type AdminQueueRow,
  type AdminTicketAnswer,
  type AdminTicketDetail,
  type AdminTicketPush,
  type AssignBody,
  type CannedReplyBody,
  type PostMessageBody,
  type PriorityBody,
  type StatusUpdateBody,
  type CannedReplyAnswer,
  type CannedReplyListAnswer,
  type CannedReplyView,
  type DeletedAnswer,
  type RenderedCannedReplyAnswer,
  type TicketMessageView,
  type TicketStatus,
} from '@evently/support/contracts';

/** The live indicator's channel for the admin socket. */
export const ADMIN_CHANNEL = 'admin';

/**
 * What the messages call is sent as sender_name when the agent gave no name. The server signs with the agent
 * of the session (or its own default) either way; the field stays because the spec's call carries it.
 */
export const ADMIN_SENDER_NAME = 'Support Team';

/** What the built-in samples (sample-tickets.ts) leave out of the server's row and detail. */
type WorkspaceAdditions = 'sla' | 'assignee' | 'notes_count';
type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/**
 * What the queue and the open ticket render: the server's row and admin detail (`@evently/support/contracts`),
 * or a built-in sample without the workspace's additions, which the views show only when present.
 */
export type WorkspaceMessage = Optional<TicketMessageView, 'is_internal'>;
export type AdminTicketSummary = Optional<AdminQueueRow, WorkspaceAdditions>;
export type AdminTicket = Optional<Omit<AdminTicketDetail, 'messages'>, WorkspaceAdditions | 'activity'> & {
  messages: WorkspaceMessage[];
};

const LIST_TAG = { type: 'SupportTicket', id: 'ADMIN_LIST' } as const;
const ticketTag = (number: string) => ({ type: 'SupportTicket', id: number }) as const;
const ticketPath = (number: string) => `/support/tickets/${encodeURIComponent(number)}`;

type Dispatch = (action: unknown) => unknown;

function summaryOf(ticket: AdminTicketDetail): AdminQueueRow {
  const { messages: _messages, activity: _activity, ...summary } = ticket;
  return summary;
}

const cannedPath = (id?: string) =>
  id ? `/support/canned-replies/${encodeURIComponent(id)}` : '/support/canned-replies';
const CANNED_TAG = { type: 'SupportTicket', id: 'CANNED' } as const;

export const adminTicketsApi = injectAdminEndpoints((build) => ({
  /**
   * Every ticket, newest first (status and search filter on the client over this one list, so one socket
   * keeps one list live). The list follows the panel's `/admin` connection while it is on screen.
   */
  adminTickets: build.query<AdminQueueRow[], void>({
    query: () => '/support/tickets',
    transformResponse: (body: AdminQueue | null) => body?.tickets ?? [],
    providesTags: [LIST_TAG],
    // Leaving the tab (or logging out) closes the socket at once.
    keepUnusedDataFor: 0,
    async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved, dispatch, extra }) {
      try {
        await cacheDataLoaded;
      } catch {
        return;
      }
      const live = liveConnectionsOf(extra).subscribe<AdminTicketPush>(ADMIN_NAMESPACE, {
        onPush: (push) => applyTicketPush(push, dispatch),
        // Not recovered: pushes may have been missed, so the list and any open ticket are read again.
        onFreshSession: () => dispatch(api.util.invalidateTags(['SupportTicket'])),
        onStateChange: (state) => {
          dispatch(liveStateChanged({ channel: ADMIN_CHANNEL, state }));
          if (state !== 'connected') return adminPresence.disconnected();
          adminPresence.connected((event, payload) => live.emit(event, payload));
          // The panel's connection may have been up before this list joined it, its snapshot gone by: ask again.
          live.emit(SUPPORT_LIVE_EVENTS.presenceSnapshot, (snapshot: unknown) =>
            adminPresence.receivedSnapshot(snapshot),
          );
        },
        onRefused: () => dispatch(api.util.invalidateTags(['AdminSession'])),
        listeners: {
          [SUPPORT_LIVE_EVENTS.presenceSnapshot]: (payload) => adminPresence.receivedSnapshot(payload),
          [SUPPORT_LIVE_EVENTS.presence]: (payload) => adminPresence.receivedTicket(payload),
        },
      });
      await cacheEntryRemoved;
      adminPresence.disconnected();
      live.close();
      dispatch(liveChannelClosed(ADMIN_CHANNEL));
    },
  }),
  adminTicket: build.query<AdminTicketDetail, string>({
    query: (number) => ticketPath(number),
    transformResponse: (body: AdminTicketAnswer) => body.ticket,
    providesTags: (_result, _error, number) => [ticketTag(number)],
    keepUnusedDataFor: 30,
    async onQueryStarted(number, { dispatch, queryFulfilled }) {
      let ticket: AdminTicketDetail;
      try {
        ({ data: ticket } = await queryFulfilled);
      } catch {
        return; // the view shows the failure; a 401 has sent the panel to the login
      }
      // The open ticket's fresh read also refreshes its row's SLA times (its age moves on between pushes).
      if (!ticket.sla) return;
      dispatch(
        adminTicketsApi.util.updateQueryData('adminTickets', undefined, (list) => {
          const row = list.find((entry) => entry.ticket_number === number);
          if (row && row.version <= ticket.version) row.sla = ticket.sla;
        }),
      );
    },
  }),
  setTicketStatus: build.mutation<
    AdminTicketDetail,
    { number: string; status: Exclude<TicketStatus, 'new'>; message?: string }
  >({
    query: ({ number, status, message }) => {
      // The optional note is appended to the conversation as an admin message and mailed with the change.
      const body: StatusUpdateBody = {
        status,
        admin_name: ADMIN_SENDER_NAME,
        ...(message ? { admin_message: message } : {}),
      };
      return { url: `${ticketPath(number)}/status`, method: 'PUT', body };
    },
    transformResponse: (body: AdminTicketAnswer) => body.ticket,
    onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeAnswer(queryFulfilled, dispatch),
  }),
  /** A reply to the visitor, or with `internal` a note only the team sees (never pushed or mailed to them). */
  replyToTicket: build.mutation<
    AdminTicketDetail,
    { number: string; message: string; internal?: boolean; senderName?: string | null }
  >({
    query: ({ number, message, internal, senderName }) => {
      const body: PostMessageBody = {
        message,
        is_admin: true,
        sender_name: senderName ?? ADMIN_SENDER_NAME,
        ...(internal ? { is_internal: true } : {}),
      };
      return { url: `${ticketPath(number)}/messages`, method: 'POST', body };
    },
    transformResponse: (body: AdminTicketAnswer) => body.ticket,
    onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeAnswer(queryFulfilled, dispatch),
  }),
  /** "Assign to me" is `me` (the server reads the name from the session); null gives the ticket back. */
  assignTicket: build.mutation<AdminTicketDetail, { number: string; assignee: 'me' | null }>({
    query: ({ number, assignee }) => {
      const body: AssignBody = { assignee };
      return { url: `${ticketPath(number)}/assignee`, method: 'PUT', body };
    },
    transformResponse: (body: AdminTicketAnswer) => body.ticket,
    onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeAnswer(queryFulfilled, dispatch),
  }),
  setTicketPriority: build.mutation<AdminTicketDetail, { number: string } & PriorityBody>({
    query: ({ number, priority }) => {
      const body: PriorityBody = { priority };
      return { url: `${ticketPath(number)}/priority`, method: 'PUT', body };
    },
    transformResponse: (body: AdminTicketAnswer) => body.ticket,
    onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeAnswer(queryFulfilled, dispatch),
  }),
  cannedReplies: build.query<CannedReplyView[], void>({
    query: () => cannedPath(),
    transformResponse: (body: CannedReplyListAnswer | null) => body?.canned_replies ?? [],
    providesTags: [CANNED_TAG],
  }),
  /** A canned reply as the server fills it in for one ticket (`{{name}}`, `{{ticket_number}}`). */
  renderedCannedReply: build.query<string, { number: string; id: string }>({
    query: ({ number, id }) => `${ticketPath(number)}/canned-replies/${encodeURIComponent(id)}`,
    transformResponse: (body: RenderedCannedReplyAnswer) => body.text,
    keepUnusedDataFor: 0,
  }),
  saveCannedReply: build.mutation<CannedReplyView, { id?: string } & CannedReplyBody>({
    query: ({ id, title, body }) => {
      const reply: CannedReplyBody = { title, body };
      return { url: cannedPath(id), method: id ? 'PUT' : 'POST', body: reply };
    },
    transformResponse: (body: CannedReplyAnswer) => body.canned_reply,
    invalidatesTags: [CANNED_TAG],
  }),
  deleteCannedReply: build.mutation<DeletedAnswer, string>({
    query: (id) => ({ url: cannedPath(id), method: 'DELETE' }),
    invalidatesTags: [CANNED_TAG],
  }),
  deleteTicket: build.mutation<DeletedAnswer, { id: string; number: string }>({
    query: ({ id }) => ({ url: `/support/tickets/${encodeURIComponent(id)}`, method: 'DELETE' }),
    async onQueryStarted({ number }, { dispatch, queryFulfilled }) {
      try {
        await queryFulfilled;
      } catch {
        return; // the view shows the failure; a 401 has sent the panel to the login
      }
      dispatch(
        adminTicketsApi.util.updateQueryData('adminTickets', undefined, (list) =>
          list.filter((ticket) => ticket.ticket_number !== number),
        ),
      );
    },
  }),
}));

/**
 * The one place a ticket push enters the store: the list takes the pushed row (SLA times and assignee
 * included) as is, and so does the open ticket, whose conversation and timeline are then read again because
 * the push carries the summary only.
 */
function applyTicketPush(push: AdminTicketPush, dispatch: Dispatch): void {
  dispatch(
    adminTicketsApi.util.updateQueryData('adminTickets', undefined, (list) => {
      applyAdminPush(list, push);
    }),
  );
  let changed = false;
  dispatch(
    adminTicketsApi.util.updateQueryData('adminTicket', push.ticket_number, (detail) => {
      changed = applyAdminPushToDetail(detail, push);
    }),
  );
  if (changed) dispatch(api.util.invalidateTags([ticketTag(push.ticket_number)]));
}

/** A mutation's answer is the newest ticket: it goes straight into the list and the open detail. */
async function storeAnswer(queryFulfilled: Promise<{ data: AdminTicketDetail }>, dispatch: Dispatch): Promise<void> {
  let ticket: AdminTicketDetail;
  try {
    ({ data: ticket } = await queryFulfilled);
  } catch {
    return; // the form shows the failure; a 401 has sent the panel to the login
  }
  dispatch(
    adminTicketsApi.util.updateQueryData('adminTickets', undefined, (list) => {
      const index = list.findIndex((entry) => entry.ticket_number === ticket.ticket_number);
      const cached = index >= 0 ? list[index] : undefined;
      if (cached && isNewer(ticket.version, cached.version)) list[index] = summaryOf(ticket);
    }),
  );
  dispatch(
    adminTicketsApi.util.updateQueryData('adminTicket', ticket.ticket_number, (cached) =>
      isNewer(ticket.version, cached.version) ? ticket : cached,
    ),
  );
}

export const {
  useAdminTicketsQuery,
  useAdminTicketQuery,
  useSetTicketStatusMutation,
  useReplyToTicketMutation,
  useDeleteTicketMutation,
  useAssignTicketMutation,
  useSetTicketPriorityMutation,
  useCannedRepliesQuery,
  useLazyRenderedCannedReplyQuery,
  useSaveCannedReplyMutation,
  useDeleteCannedReplyMutation,
} = adminTicketsApi;
