/** Reviews as the API answers them (spec 02 §3 "Review"); shared by the public pages and the moderation tab. */
export type ReviewStatus = 'pending' | 'approved' | 'rejected';

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The catalogue event a review is about, as embedded in list answers. */
export interface ReviewEvent {
  id: number;
  slug: string | null;
  name: string;
  city: string | null;
  country: string | null;
}

export interface PublicReview {
  id: string;
  event_id: number | null;
  event: ReviewEvent | null;
  event_name: string | null;
  event_link: string | null;
  user_name: string;
  rating: number;
  title: string | null;
  comment: string | null;
  attended: boolean;
  status: ReviewStatus;
  created_at: string;
}

export interface AdminReview extends PublicReview {
  user_email: string;
  admin_notes: string | null;
}

/** A review's date as the cards show it, e.g. "Jul 4, 2025"; blank when unreadable. */
export function formatReviewDate(value: string, locale = 'en-US'): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
