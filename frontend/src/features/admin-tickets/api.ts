import { api } from '../../app/api.ts';
import { liveChannelClosed, liveStateChanged } from '../../components/live-status/live-status-slice.ts';
import { openLiveSocket } from '../../lib/realtime/live-socket.ts';
import { applyAdminPush, conversationIsBehind, isNewer, mergeTicketPush } from '../../lib/support/apply-push.ts';
import { isUnauthorized } from '../../lib/support/request-error.ts';
import type { AdminTicket, AdminTicketPush, AdminTicketSummary, TicketStatus } from '../../lib/support/ticket-types.ts';

/** The live indicator's channel for the admin socket. */
export const ADMIN_CHANNEL = 'admin';

/** How the team signs its replies and status changes in the visitor's conversation. */
export const ADMIN_SENDER_NAME = 'Support Team';

const LIST_TAG = { type: 'SupportTicket', id: 'ADMIN_LIST' } as const;
const ticketTag = (number: string) => ({ type: 'SupportTicket', id: number }) as const;
const ticketPath = (number: string) => `/support/tickets/${encodeURIComponent(number)}`;

type Dispatch = (action: unknown) => unknown;

/** A 401 on any admin call means the session ended: the panel rechecks it and shows the login again. */
async function recheckSessionOn401(queryFulfilled: Promise<unknown>, dispatch: Dispatch): Promise<void> {
  try {
    await queryFulfilled;
  } catch (failure) {
    if (isUnauthorized((failure as { error?: unknown }).error)) dispatch(api.util.invalidateTags(['AdminSession']));
  }
}

function summaryOf(ticket: AdminTicket): AdminTicketSummary {
  const { messages: _messages, ...summary } = ticket;
  return summary;
}

export const adminTicketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every ticket, newest first (status and search filter on the client over this one list, so one socket
     * keeps one list live). The `/admin` socket lives as long as the list is on screen.
     */
    adminTickets: build.query<AdminTicketSummary[], void>({
      query: () => '/support/tickets',
      transformResponse: (body: { tickets?: AdminTicketSummary[] } | null) => body?.tickets ?? [],
      providesTags: [LIST_TAG],
      // Leaving the tab (or logging out) closes the socket at once.
      keepUnusedDataFor: 0,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => recheckSessionOn401(queryFulfilled, dispatch),
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const live = openLiveSocket<AdminTicketPush>({
          namespace: '/admin',
          withCredentials: true,
          onPush: (push) => {
            updateCachedData((list) => {
              applyAdminPush(list, push);
            });
            let behind = false;
            dispatch(
              adminTicketsApi.util.updateQueryData('adminTicket', push.ticket_number, (detail) => {
                if (mergeTicketPush(detail, push) !== 'merged' || !push.ticket) return;
                Object.assign(detail, push.ticket);
                behind = conversationIsBehind(detail);
              }),
            );
            if (behind) dispatch(api.util.invalidateTags([ticketTag(push.ticket_number)]));
          },
          // Not recovered: pushes may have been missed, so the list and any open ticket are read again.
          onFreshSession: () => dispatch(api.util.invalidateTags(['SupportTicket'])),
          onStateChange: (state) => dispatch(liveStateChanged({ channel: ADMIN_CHANNEL, state })),
          onRefused: () => dispatch(api.util.invalidateTags(['AdminSession'])),
        });
        await cacheEntryRemoved;
        live.close();
        dispatch(liveChannelClosed(ADMIN_CHANNEL));
      },
    }),
    adminTicket: build.query<AdminTicket, string>({
      query: (number) => ticketPath(number),
      transformResponse: (body: { ticket: AdminTicket }) => body.ticket,
      providesTags: (_result, _error, number) => [ticketTag(number)],
      keepUnusedDataFor: 30,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => recheckSessionOn401(queryFulfilled, dispatch),
    }),
    setTicketStatus: build.mutation<AdminTicket, { number: string; status: Exclude<TicketStatus, 'new'>; message?: string }>({
      query: ({ number, status, message }) => ({
        url: `${ticketPath(number)}/status`,
        method: 'PUT',
        // The optional note is appended to the conversation as an admin message and mailed with the change.
        body: { status, admin_name: ADMIN_SENDER_NAME, ...(message ? { admin_message: message } : {}) },
      }),
      transformResponse: (body: { ticket: AdminTicket }) => body.ticket,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeAnswer(queryFulfilled, dispatch),
    }),
    replyToTicket: build.mutation<AdminTicket, { number: string; message: string }>({
      query: ({ number, message }) => ({
        url: `${ticketPath(number)}/messages`,
        method: 'POST',
        body: { message, is_admin: true, sender_name: ADMIN_SENDER_NAME },
      }),
      transformResponse: (body: { ticket: AdminTicket }) => body.ticket,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeAnswer(queryFulfilled, dispatch),
    }),
    deleteTicket: build.mutation<{ message?: string }, { id: string; number: string }>({
      query: ({ id }) => ({ url: `/support/tickets/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted({ number }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          if (isUnauthorized((failure as { error?: unknown }).error)) dispatch(api.util.invalidateTags(['AdminSession']));
          return;
        }
        dispatch(
          adminTicketsApi.util.updateQueryData('adminTickets', undefined, (list) => list.filter((ticket) => ticket.ticket_number !== number)),
        );
      },
    }),
  }),
});

/** A mutation's answer is the newest ticket: it goes straight into the list and the open detail. */
async function storeAnswer(queryFulfilled: Promise<{ data: AdminTicket }>, dispatch: Dispatch): Promise<void> {
  let ticket: AdminTicket;
  try {
    ({ data: ticket } = await queryFulfilled);
  } catch (failure) {
    if (isUnauthorized((failure as { error?: unknown }).error)) dispatch(api.util.invalidateTags(['AdminSession']));
    return;
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
} = adminTicketsApi;
