import type {
  AdminPatchBody,
  DigestBatchAnswer,
  DigestBatchResult,
  DigestSentAnswer,
  SubscriberAnswer,
} from '@evently/subscriptions/contracts';
import { injectAdminEndpoints } from '../../lib/admin/admin-endpoints.ts';
import { listParams } from './subscriber-rules.ts';
import type { AdminSubscriber, SubscriberFilters, SubscriberPage, SubscriberStats } from './types.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function toStats(raw: unknown): SubscriberStats | null {
  if (!isRecord(raw)) return null;
  const number = (key: string) => (typeof raw[key] === 'number' ? (raw[key] as number) : 0);
  return {
    total: number('total'),
    active: number('active'),
    inactive: number('inactive'),
    sent_last_7d: number('sent_last_7d'),
    pending: number('pending'),
  };
}

export function toSubscriberPage(raw: unknown): SubscriberPage {
  if (!isRecord(raw)) return { subscriptions: [], pages: 1, stats: null };
  return {
    subscriptions: Array.isArray(raw.subscriptions) ? (raw.subscriptions as AdminSubscriber[]) : [],
    pages: typeof raw.pages === 'number' && raw.pages >= 1 ? raw.pages : 1,
    stats: toStats(raw.stats),
  };
}

const subscriberPath = (id: string) => `/subscriptions/admin/${encodeURIComponent(id)}`;

export type { DigestBatchResult };

export const adminSubscribersApi = injectAdminEndpoints((build) => ({
  /** 25 a page with Load more; a change anywhere reads every loaded page again, so the list stays true. */
  subscribers: build.infiniteQuery<SubscriberPage, SubscriberFilters, number>({
    infiniteQueryOptions: {
      initialPageParam: 1,
      getNextPageParam: (lastPage, _allPages, lastPageParam) =>
        lastPageParam < lastPage.pages ? lastPageParam + 1 : undefined,
    },
    query: ({ queryArg, pageParam }) => ({ url: '/subscriptions/admin', params: listParams(queryArg, pageParam) }),
    transformResponse: toSubscriberPage,
    providesTags: ['Subscriber'],
    keepUnusedDataFor: 0,
  }),
  updateSubscriber: build.mutation<AdminSubscriber, { id: string; patch: AdminPatchBody }>({
    query: ({ id, patch }) => ({ url: subscriberPath(id), method: 'PATCH', body: patch }),
    transformResponse: (body: SubscriberAnswer) => body.subscription,
    invalidatesTags: (result) => (result ? ['Subscriber'] : []),
  }),
  deleteSubscriber: build.mutation<unknown, string>({
    query: (id) => ({ url: subscriberPath(id), method: 'DELETE' }),
    invalidatesTags: (_result, error) => (error ? [] : ['Subscriber']),
  }),
  sendDigestNow: build.mutation<{ sent: number; subscription: AdminSubscriber | null }, string>({
    query: (id) => ({ url: `${subscriberPath(id)}/send-digest`, method: 'POST' }),
    transformResponse: (body: Partial<DigestSentAnswer> | null) => ({
      sent: typeof body?.sent === 'number' ? body.sent : 0,
      subscription: body?.subscription ?? null,
    }),
    invalidatesTags: (result) => (result ? ['Subscriber'] : []),
  }),
  runDigestBatch: build.mutation<DigestBatchResult, void>({
    query: () => ({ url: '/subscriptions/admin/run-digest', method: 'POST' }),
    transformResponse: (body: Partial<DigestBatchAnswer> | null) => ({
      processed: body?.result?.processed ?? 0,
      sent: body?.result?.sent ?? 0,
      skipped: body?.result?.skipped ?? 0,
      searches: body?.result?.searches ?? 0,
    }),
    invalidatesTags: (result) => (result ? ['Subscriber'] : []),
  }),
}));

export const {
  useSubscribersInfiniteQuery,
  useUpdateSubscriberMutation,
  useDeleteSubscriberMutation,
  useSendDigestNowMutation,
  useRunDigestBatchMutation,
} = adminSubscribersApi;
