import { api } from '../../app/api.ts';
import type { FreeTextReviewBody, PublicReview, ReviewBody, ReviewSubmitted } from '@evently/reviews/contracts';

/** Spec 02 §9: the reviews list page size. */
export const REVIEWS_PAGE_SIZE = 20;

export interface ReviewPage {
  reviews: PublicReview[];
  page: number;
  pages: number;
}

export type { ReviewBody };

/** The catalogue event's call, or the free-text one (the bodies are the server's, `@evently/reviews/contracts`). */
export type SubmitReviewArgs =
  { eventId: string; body: ReviewBody } | { eventId?: undefined; body: FreeTextReviewBody };

export interface ReviewEventName {
  id: string;
  name: string;
  slug: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** An empty or odd answer is an empty first page (spec 02 §8: a list failure is silent). */
export function toReviewPage(raw: unknown): ReviewPage {
  const reviews = isRecord(raw) && Array.isArray(raw.reviews) ? (raw.reviews as PublicReview[]) : [];
  const pagination = isRecord(raw) && isRecord(raw.pagination) ? raw.pagination : {};
  const page = typeof pagination.page === 'number' && pagination.page >= 1 ? pagination.page : 1;
  const pages = typeof pagination.pages === 'number' && pagination.pages >= 1 ? pagination.pages : 1;
  return { reviews, page, pages };
}

function toEventName(raw: unknown): ReviewEventName {
  if (isRecord(raw) && (typeof raw.id === 'number' || typeof raw.id === 'string') && typeof raw.name === 'string') {
    return { id: String(raw.id), name: raw.name, slug: typeof raw.slug === 'string' && raw.slug ? raw.slug : null };
  }
  throw new Error('Event not found');
}

export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    approvedReviews: build.query<ReviewPage, number>({
      query: (page) => ({ url: '/reviews', params: { page, per_page: REVIEWS_PAGE_SIZE } }),
      transformResponse: toReviewPage,
      providesTags: [{ type: 'Review', id: 'PUBLIC' }],
    }),
    /** Only the name (and slug, for the way back) of the event a review is written for. */
    reviewEvent: build.query<ReviewEventName, string>({
      query: (id) => `/events/${encodeURIComponent(id)}`,
      transformResponse: toEventName,
    }),
    submitReview: build.mutation<ReviewSubmitted, SubmitReviewArgs>({
      query: ({ eventId, body }) => ({
        url: eventId ? `/events/${encodeURIComponent(eventId)}/reviews` : '/reviews',
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const { useApprovedReviewsQuery, useReviewEventQuery, useSubmitReviewMutation } = reviewsApi;
