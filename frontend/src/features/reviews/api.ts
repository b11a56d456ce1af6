import { api } from '../../app/api.ts';
import type { PublicReview } from '@evently/reviews/contracts';

/** Spec 02 §9: the reviews list page size. */
export const REVIEWS_PAGE_SIZE = 20;

export interface ReviewPage {
  reviews: PublicReview[];
  page: number;
  pages: number;
}

/** The fields both submit calls carry (spec 02 §7); `website` is the honeypot, empty for a person. */
export interface ReviewBody {
  user_name: string;
  user_email: string;
  rating: number;
  title: string;
  comment: string;
  attended: boolean;
  website: string;
}

export type SubmitReviewArgs =
  | { eventId: string; body: ReviewBody }
  | { eventId?: undefined; body: ReviewBody & { event_name: string; event_link?: string } };

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
    submitReview: build.mutation<{ message?: string }, SubmitReviewArgs>({
      query: ({ eventId, body }) => ({
        url: eventId ? `/events/${encodeURIComponent(eventId)}/reviews` : '/reviews',
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const { useApprovedReviewsQuery, useReviewEventQuery, useSubmitReviewMutation } = reviewsApi;
