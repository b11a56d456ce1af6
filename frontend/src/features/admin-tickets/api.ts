import { api } from '../../app/api.ts';
import { liveChannelClosed, liveStateChanged } from '../../components/live-status/live-status-slice.ts';
import { liveConnectionsOf } from '../../lib/realtime/live-connections.ts';
import { applyAdminPush, applyAdminPushToDetail, isNewer } from '../../lib/support/apply-push.ts';
import { adminPresence } from '../../lib/admin/presence.ts';
import { ADMIN_NAMESPACE, injectAdminEndpoints } from '../../lib/admin/admin-endpoints.ts';
import { PRESENCE_EVENTS, type CannedReply, type WorkspaceTicketFields } from '../../lib/admin/workspace-types.ts';
import type {
  AdminTicket as BaseTicket,
  AdminTicketPush,
  AdminTicketSummary as BaseSummary,
  TicketMessage,
  TicketStatus,
} from '../../lib/support/ticket-types.ts';

/** The live indicator's channel for the admin socket. */
export const ADMIN_CHANNEL = 'admin';

/**
 * What the messages call is sent as sender_name when the agent gave no name. The server signs with the agent
 * of the session (or its own default) either way; the field stays because the spec's call carries it.
 */
export const ADMIN_SENDER_NAME = 'Support Team';

export type WorkspaceMessage = TicketMessage & { is_internal?: boolean };
export type AdminTicketSummary = BaseSummary & WorkspaceTicketFields;
export type AdminTicket = Omit<BaseTicket, 'messages'> & WorkspaceTicketFields & { messages: WorkspaceMessage[] };

const LIST_TAG = { type: 'SupportTicket', id: 'ADMIN_LIST' } as const;
const ticketTag = (number: string) => ({ type: 'SupportTicket', id: number }) as const;
const ticketPath = (number: string) => `/support/tickets/${encodeURIComponent(number)}`;

type Dispatch = (action: unknown) => unknown;

function summaryOf(ticket: AdminTicket): AdminTicketSummary {
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
  adminTickets: build.query<AdminTicketSummary[], void>({
    query: () => '/support/tickets',
    transformResponse: (body: { tickets?: AdminTicketSummary[] } | null) => body?.tickets ?? [],
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
          live.emit(PRESENCE_EVENTS.snapshot, (snapshot: unknown) => adminPresence.receivedSnapshot(snapshot));
        },
        onRefused: () => dispatch(api.util.invalidateTags(['AdminSession'])),
        listeners: {
          [PRESENCE_EVENTS.snapshot]: (payload) => adminPresence.receivedSnapshot(payload),
          [PRESENCE_EVENTS.ticket]: (payload) => adminPresence.receivedTicket(payload),
        },
      });
      await cacheEntryRemoved;
      adminPresence.disconnected();
      live.close();
      dispatch(liveChannelClosed(ADMIN_CHANNEL));
    },
  }),
  adminTicket: build.query<AdminTicket, string>({
    query: (number) => ticketPath(number),
    transformResponse: (body: { ticket: AdminTicket }) => body.ticket,
    providesTags: (_result, _error, number) => [ticketTag(number)],
    keepUnusedDataFor: 30,
    async onQueryStarted(number, { dispatch, queryFulfilled }) {
      let ticket: AdminTicket;
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
    AdminTicket,
    { number: string; status: Exclude<TicketStatus, 'new'>; message?: string }
  >({
    query: ({ number, status, message }) => ({
      url: `${ticketPath(number)}/status`,
      method: 'PUT',
      // The optional note is appended to the conversation as an admin message and mailed with the change.
      body: { status, admin_name: ADMIN_SENDER_NAME, ...(message ? { admin_message: message } : {}) },
    }),
    transformResponse: (body: { ticket: AdminTicket }) => body.ticket,
    onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeAnswer(queryFulfilled, dispatch),
  }),
  /** A reply to the visitor, or with `internal` a note only the team sees (never pushed or mailed to them). */
  replyToTicket: build.mutation<
    AdminTicket,
    { number: string; message: string; internal?: boolean; senderName?: string | null }
  >({
    query: ({ number, message, internal, senderName }) => ({
      url: `${ticketPath(number)}/messages`,
      method: 'POST',
      body: {
        message,
        is_admin: true,
        sender_name: senderName ?? ADMIN_SENDER_NAME,
        ...(internal ? { is_internal: true } : {}),
      },
    }),
    transformResponse: (body: { ticket: AdminTicket }) => body.ticket,
    onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeAnswer(queryFulfilled, dispatch),
  }),
  /** "Assign to me" is `me` (the server reads the name from the session); null gives the ticket back. */
  assignTicket: build.mutation<AdminTicket, { number: string; assignee: 'me' | null }>({
    query: ({ number, assignee }) => ({ url: `${ticketPath(number)}/assignee`, method: 'PUT', body: { assignee } }),
    transformResponse: (body: { ticket: AdminTicket }) => body.ticket,
    onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeAnswer(queryFulfilled, dispatch),
  }),
  setTicketPriority: build.mutation<AdminTicket, { number: string; priority: string }>({
    query: ({ number, priority }) => ({ url: `${ticketPath(number)}/priority`, method: 'PUT', body: { priority } }),
    transformResponse: (body: { ticket: AdminTicket }) => body.ticket,
    onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeAnswer(queryFulfilled, dispatch),
  }),
  cannedReplies: build.query<CannedReply[], void>({
    query: () => cannedPath(),
    transformResponse: (body: { canned_replies?: CannedReply[] } | null) => body?.canned_replies ?? [],
    providesTags: [CANNED_TAG],
  }),
  /** A canned reply as the server fills it in for one ticket (`{{name}}`, `{{ticket_number}}`). */
  renderedCannedReply: build.query<string, { number: string; id: string }>({
    query: ({ number, id }) => `${ticketPath(number)}/canned-replies/${encodeURIComponent(id)}`,
    transformResponse: (body: { text: string }) => body.text,
    keepUnusedDataFor: 0,
  }),
  saveCannedReply: build.mutation<CannedReply, { id?: string; title: string; body: string }>({
    query: ({ id, title, body }) => ({ url: cannedPath(id), method: id ? 'PUT' : 'POST', body: { title, body } }),
    transformResponse: (body: { canned_reply: CannedReply }) => body.canned_reply,
    invalidatesTags: [CANNED_TAG],
  }),
  deleteCannedReply: build.mutation<unknown, string>({
    query: (id) => ({ url: cannedPath(id), method: 'DELETE' }),
    invalidatesTags: [CANNED_TAG],
  }),
  deleteTicket: build.mutation<{ message?: string }, { id: string; number: string }>({
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
      applyAdminPush(list as BaseSummary[], push);
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
async function storeAnswer(queryFulfilled: Promise<{ data: AdminTicket }>, dispatch: Dispatch): Promise<void> {
  let ticket: AdminTicket;
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
