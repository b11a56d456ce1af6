/**
 * Moderation rules (spec 02 §4): approve unless already approved, reject (with an optional reason kept as
 * admin notes) unless already rejected. A repeated action is refused rather than silently accepted, so a
 * second administrator acting on a stale list learns that someone was first.
 */
import type { Review, ReviewStatus } from './review.ts';

export type ModerationDecision =
  | { kind: 'change'; from: ReviewStatus; patch: Pick<Review, 'status' | 'admin_notes'> }
  | { kind: 'refused'; reason: string };

export const ALREADY_APPROVED = 'Review is already approved';
export const ALREADY_REJECTED = 'Review is already rejected';

export function decideApprove(review: Pick<Review, 'status'>): ModerationDecision {
  if (review.status === 'approved') return { kind: 'refused', reason: ALREADY_APPROVED };
  // Admin notes hold the rejection reason; an approved review has none to show.
  return { kind: 'change', from: review.status, patch: { status: 'approved', admin_notes: null } };
}

export function decideReject(review: Pick<Review, 'status'>, reason: string | null): ModerationDecision {
  if (review.status === 'rejected') return { kind: 'refused', reason: ALREADY_REJECTED };
  return { kind: 'change', from: review.status, patch: { status: 'rejected', admin_notes: reason } };
}
