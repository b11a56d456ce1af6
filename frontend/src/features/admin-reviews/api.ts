import { skipToken } from '@reduxjs/toolkit/query/react';
import { api } from '../../app/api.ts';
import { liveChannelClosed, liveStateChanged } from '../../components/live-status/live-status-slice.ts';
import { ADMIN_NAMESPACE, injectAdminEndpoints } from '../../lib/admin/admin-endpoints.ts';
import { liveConnectionsOf } from '../../lib/realtime/live-connections.ts';
import {
  ADMIN_STATUS_FILTERS,
  REVIEWS_LIVE_EVENTS,
  type AdminReview,
  type AdminStatusFilter,
  type ModeratedReview,
  type PendingCountPayload,
  type RejectBody,
} from '@evently/reviews/contracts';

/** The moderation queue's filters are the server's (`@evently/reviews/contracts`). */
export type ReviewStatusFilter = AdminStatusFilter;

/** The live indicator's channel for the moderation queue's socket. */
export const REVIEWS_CHANNEL = 'admin-reviews';

const ADMIN_LISTS = { type: 'Review', id: 'ADMIN_LIST' } as const;
const PENDING_COUNT = { type: 'Review', id: 'PENDING_COUNT' } as const;
const PUBLIC_LIST = { type: 'Review', id: 'PUBLIC' } as const;
const FILTERS = ADMIN_STATUS_FILTERS;

type Dispatch = (action: unknown) => unknown;

const reviewPath = (id: string) => `/admin/reviews/${encodeURIComponent(id)}`;
const reviewsOf = (body: { reviews?: AdminReview[] } | null) => (Array.isArray(body?.reviews) ? body.reviews : []);

export const adminReviewsApi = injectAdminEndpoints((build) => ({
  adminReviews: build.query<AdminReview[], ReviewStatusFilter>({
    query: (status) => ({ url: '/admin/reviews', params: { status } }),
    transformResponse: reviewsOf,
    providesTags: [ADMIN_LISTS],
    // A filter left and come back to is read again, never shown stale.
    keepUnusedDataFor: 0,
  }),
  /**
   * How many reviews wait for moderation: read once, then kept live by the `/admin` socket's
   * `reviews:pending` pushes, each of which also refreshes the open list. Lives while the panel is open.
   */
  pendingReviewCount: build.query<{ pending: number }, void>({
    query: () => ({ url: '/admin/reviews', params: { status: 'pending' } }),
    transformResponse: (body: { reviews?: AdminReview[] } | null) => ({ pending: reviewsOf(body).length }),
    providesTags: [PENDING_COUNT],
    keepUnusedDataFor: 0,
    async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, dispatch, extra }) {
      try {
        await cacheDataLoaded;
      } catch {
        return;
      }
      const live = liveConnectionsOf(extra).subscribe<Partial<PendingCountPayload>>(ADMIN_NAMESPACE, {
        event: REVIEWS_LIVE_EVENTS.pending,
        onPush: (push) => {
          if (typeof push?.pending !== 'number') return;
          const pending = push.pending;
          updateCachedData((draft) => {
            draft.pending = pending;
          });
          dispatch(api.util.invalidateTags([ADMIN_LISTS]));
        },
        // Not recovered: the queue may have changed meanwhile, so the count and the list are read again.
        onFreshSession: () => dispatch(api.util.invalidateTags([PENDING_COUNT, ADMIN_LISTS])),
        onStateChange: (state) => dispatch(liveStateChanged({ channel: REVIEWS_CHANNEL, state })),
        onRefused: () => dispatch(api.util.invalidateTags(['AdminSession'])),
      });
      await cacheEntryRemoved;
      live.close();
      dispatch(liveChannelClosed(REVIEWS_CHANNEL));
    },
  }),
  approveReview: build.mutation<AdminReview, string>({
    query: (id) => ({ url: `${reviewPath(id)}/approve`, method: 'POST' }),
    transformResponse: (body: ModeratedReview) => body.review,
    onQueryStarted: (_id, { dispatch, queryFulfilled }) => applyModeration(queryFulfilled, dispatch),
  }),
  rejectReview: build.mutation<AdminReview, { id: string; reason?: string }>({
    query: ({ id, reason }) => {
      const body: RejectBody = reason ? { reason } : {};
      return { url: `${reviewPath(id)}/reject`, method: 'POST', body };
    },
    transformResponse: (body: ModeratedReview) => body.review,
    onQueryStarted: (_arg, { dispatch, queryFulfilled }) => applyModeration(queryFulfilled, dispatch),
  }),
  deleteReview: build.mutation<unknown, AdminReview>({
    query: (review) => ({ url: reviewPath(review.id), method: 'DELETE' }),
    async onQueryStarted(review, { dispatch, queryFulfilled }) {
      try {
        await queryFulfilled;
      } catch {
        return; // the item shows the failure; a 401 has sent the panel to the login
      }
      for (const filter of FILTERS) {
        dispatch(
          adminReviewsApi.util.updateQueryData('adminReviews', filter, (list) =>
            list.filter((entry) => entry.id !== review.id),
          ),
        );
      }
      dispatch(api.util.invalidateTags(afterChange(review)));
    },
  }),
}));

/** What else shows a review: the public list, the event's rating and the pending count. */
function afterChange(review: AdminReview) {
  return [
    PUBLIC_LIST,
    PENDING_COUNT,
    ...(review.event_id !== null ? [{ type: 'Event' as const, id: String(review.event_id) }] : []),
  ];
}

/**
 * The answer is the review's new state: it leaves every cached list whose filter it no longer matches (an
 * approved review leaves Pending at once) and replaces itself in the others.
 */
async function applyModeration(queryFulfilled: Promise<{ data: AdminReview }>, dispatch: Dispatch): Promise<void> {
  let review: AdminReview;
  try {
    ({ data: review } = await queryFulfilled);
  } catch {
    return; // the item shows the failure; a 401 has sent the panel to the login
  }
  for (const filter of FILTERS) {
    dispatch(
      adminReviewsApi.util.updateQueryData('adminReviews', filter, (list) => {
        const index = list.findIndex((entry) => entry.id === review.id);
        if (index < 0) return;
        if (filter === 'all' || filter === review.status) list[index] = review;
        else list.splice(index, 1);
      }),
    );
  }
  dispatch(api.util.invalidateTags(afterChange(review)));
}

export const { useAdminReviewsQuery, useApproveReviewMutation, useRejectReviewMutation, useDeleteReviewMutation } =
  adminReviewsApi;

/** The Reviews tab's badge: the live pending count while the panel is open and logged in. */
export function usePendingReviewCount(enabled: boolean): number | undefined {
  return adminReviewsApi.usePendingReviewCountQuery(enabled ? undefined : skipToken).currentData?.pending;
}
