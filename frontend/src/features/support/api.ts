import { api } from '../../app/api.ts';
import { liveChannelClosed, liveStateChanged } from '../../components/live-status/live-status-slice.ts';
import { liveConnectionsOf } from '../../lib/realtime/live-connections.ts';
import { conversationIsBehind, isNewer, mergeTicketPush } from '../../lib/support/apply-push.ts';
import {
  SUPPORT_LIVE_EVENTS,
  SUPPORT_LIVE_NAMESPACES,
  type CreateTicketBody,
  type FaqAnswer,
  type FaqEntry,
  type PostedMessageAnswer,
  type PostMessageBody,
  type PublicTicketDetail,
  type PublicTicketPush,
  type TicketCreatedAnswer,
  type TicketStatusPush,
} from '@evently/support/contracts';
import { hasConversation, type PublicTicket } from '../../lib/support/public-ticket.ts';

/** What a person's ticket form gets back (the form never fills the honeypot). */
export type CreateTicketResult = TicketCreatedAnswer;

export interface TicketLookup {
  number: string;
  token?: string;
}

/** The channel name the live indicator of a followed ticket reads. */
export const ticketChannel = (number: string) => `ticket:${number}`;

const ticketPath = (number: string) => `/support/tickets/${encodeURIComponent(number)}`;
const tokenHeader = (token: string | undefined) => (token ? { 'X-Ticket-Token': token } : undefined);

export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    supportFaq: build.query<FaqEntry[], void>({
      query: () => '/support/faq',
      transformResponse: (body: FaqAnswer | null) => body?.faq ?? [],
      providesTags: ['SupportFaq'],
    }),
    createTicket: build.mutation<CreateTicketResult, CreateTicketBody>({
      query: (body) => ({ url: '/support/tickets', method: 'POST', body }),
    }),
    /**
     * One ticket as the visitor may see it. With a token the ticket is followed live over `/tickets` while the
     * cache entry lives (a few seconds after the result leaves the screen).
     */
    ticket: build.query<PublicTicket, TicketLookup>({
      query: ({ number, token }) => ({ url: ticketPath(number), headers: tokenHeader(token) }),
      transformResponse: (body: { ticket: PublicTicket }) => body.ticket,
      providesTags: (_result, _error, { number }) => [{ type: 'SupportTicket', id: number }],
      keepUnusedDataFor: 5,
      async onCacheEntryAdded(lookup, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, dispatch, extra }) {
        if (!lookup.token) {
          await followStatusByNumber(lookup.number, {
            cacheDataLoaded,
            cacheEntryRemoved,
            updateCachedData,
            dispatch,
            extra,
          });
          return;
        }
        try {
          await cacheDataLoaded;
        } catch {
          return; // removed before it ever loaded: nothing to follow
        }
        const channel = ticketChannel(lookup.number);
        const refetch = () => dispatch(api.util.invalidateTags([{ type: 'SupportTicket', id: lookup.number }]));
        const ticketConnection = {
          namespace: SUPPORT_LIVE_NAMESPACES.tickets,
          auth: { ticket_number: lookup.number, token: lookup.token },
        };
        const live = liveConnectionsOf(extra).subscribe<PublicTicketPush>(ticketConnection, {
          onPush: (push) => {
            if (push.ticket_number !== lookup.number) return;
            let needsRefetch = false;
            updateCachedData((ticket) => {
              // A lookup with a token answers in full; the status view of a bare number takes no pushes.
              if (!hasConversation(ticket)) return;
              const outcome = mergeTicketPush(ticket, push);
              needsRefetch = outcome === 'deleted' || (outcome === 'merged' && conversationIsBehind(ticket));
            });
            if (needsRefetch) refetch();
          },
          onFreshSession: refetch,
          onStateChange: (state) => dispatch(liveStateChanged({ channel, state })),
        });
        await cacheEntryRemoved;
        live.close();
        dispatch(liveChannelClosed(channel));
      },
    }),
    postFollowUp: build.mutation<PublicTicketDetail, { number: string; token: string; message: string }>({
      query: ({ number, token, message }) => {
        const body: PostMessageBody = { message };
        return { url: `${ticketPath(number)}/messages`, method: 'POST', body, headers: tokenHeader(token) };
      },
      // A visitor's follow-up (no is_admin) is answered with the token holder's detail.
      transformResponse: (body: PostedMessageAnswer) => body.ticket as PublicTicketDetail,
      async onQueryStarted({ number, token }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The answer is the newest ticket: put it on screen now; the echoing push is then dropped as stale.
          dispatch(
            supportApi.util.updateQueryData('ticket', { number, token }, (cached) =>
              !hasConversation(cached) || isNewer(data.version, cached.version) ? data : cached,
            ),
          );
        } catch {
          // The form shows the failure.
        }
      },
    }),
  }),
});

export { useSupportCategoriesQuery } from '../../lib/support/categories-api.ts';

export const {
  useSupportFaqQuery,
  useCreateTicketMutation,
  useTicketQuery,
  useLazyTicketQuery,
  usePostFollowUpMutation,
} = supportApi;

interface FollowHooks {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  updateCachedData(recipe: (ticket: PublicTicket) => void): unknown;
  dispatch: (action: unknown) => unknown;
  extra: unknown;
}

/**
 * A visitor who typed the number (on another device, without the private link) sees the status move live
 * too: the socket joins the ticket's status room and only status and dates arrive.
 */
async function followStatusByNumber(
  number: string,
  { cacheDataLoaded, cacheEntryRemoved, updateCachedData, dispatch, extra }: FollowHooks,
): Promise<void> {
  try {
    await cacheDataLoaded;
  } catch {
    return;
  }
  const channel = ticketChannel(number);
  const refetch = () => dispatch(api.util.invalidateTags([{ type: 'SupportTicket', id: number }]));
  const live = liveConnectionsOf(extra).subscribe<TicketStatusPush>(
    { namespace: SUPPORT_LIVE_NAMESPACES.tickets, auth: { ticket_number: number } },
    {
      event: SUPPORT_LIVE_EVENTS.ticketStatus,
      onPush: (push) => {
        if (push.ticket_number !== number) return;
        if (!push.ticket) return void refetch();
        const { status, updated_at: updatedAt } = push.ticket;
        updateCachedData((ticket) => {
          if (typeof status === 'string') ticket.status = status;
          if (typeof updatedAt === 'string') ticket.updated_at = updatedAt;
        });
      },
      onFreshSession: refetch,
      onStateChange: (state) => dispatch(liveStateChanged({ channel, state })),
    },
  );
  await cacheEntryRemoved;
  live.close();
  dispatch(liveChannelClosed(channel));
}
