/**
 * A visitor submits a review of a catalogue event or of a free-text one. It starts pending. The insert and its
 * `ReviewSubmitted` commit together; the unique index on (event, e-mail) keeps one review per address and
 * event, under concurrent submits too.
 *
 * A repeat from the same address is answered exactly like a first review (accepted, held for moderation) and
 * stores nothing: answering "already reviewed" would tell anyone who types an address whether that person
 * reviewed the event. The first review stays as it was, so nobody can rewrite someone else's review by typing
 * their address either.
 */
import { randomUUID } from 'node:crypto';
import { UniqueConstraintError, type Stored } from '@evently/platform';
import type { FreeTextReviewInput, ReviewFields } from '../../../contracts/submit-review.ts';
import { reviewMessageTypes, reviewMessage } from '../../../contracts/messages.ts';
import { catalogueSubjectKey, emailKey, freeTextSubjectKey } from '../../../domain/duplicate-key.ts';
import type { Review, ReviewEventEmbed } from '../../../domain/review.ts';
import { reviewsCollection } from '../../../infra/collections.ts';
import type { ReviewsContext } from '../../context.ts';

/** `review` is what the visitor is shown; for a repeat it is the review as it would have been stored. */
export type SubmitOutcome = { status: 'accepted'; review: Stored<Review> } | { status: 'event_not_found' };

type Subject = Pick<Review, 'event_id' | 'event' | 'event_name' | 'event_link' | 'subject_key'>;

async function insertReview(ctx: ReviewsContext, subject: Subject, fields: ReviewFields): Promise<SubmitOutcome> {
  const now = ctx.clock.now();
  const document: Review = {
    ...subject,
    user_name: fields.user_name,
    user_email: fields.user_email,
    email_key: emailKey(fields.user_email),
    rating: fields.rating,
    title: fields.title,
    comment: fields.comment,
    attended: fields.attended,
    status: 'pending',
    admin_notes: null,
  };
  try {
    const review = await ctx.store.transaction(async (tx) => {
      const created = await reviewsCollection.insert(tx, document);
      await tx.appendOutbox([
        reviewMessage(
          reviewMessageTypes.submitted,
          created.id,
          created.version,
          { review_id: created.id, event_id: created.event_id, rating: created.rating, status: 'pending' },
          now,
        ),
      ]);
      return created;
    });
    return { status: 'accepted', review };
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    ctx.logger.info(
      { event_id: subject.event_id },
      'repeat review from an address that already reviewed this event: answered as accepted, not stored',
    );
    const at = now.toISOString();
    return {
      status: 'accepted',
      review: { ...document, id: randomUUID(), version: 1, created_at: at, updated_at: at },
    };
  }
}

export async function submitCatalogueReview(
  ctx: ReviewsContext,
  eventRef: string,
  fields: ReviewFields,
): Promise<SubmitOutcome> {
  const found = await ctx.events.getById(eventRef);
  if (!found) return { status: 'event_not_found' };
  const event: ReviewEventEmbed = {
    id: found.id,
    slug: found.slug,
    name: found.name,
    city: found.city,
    country: found.country,
  };
  return insertReview(
    ctx,
    { event_id: event.id, event, event_name: null, event_link: null, subject_key: catalogueSubjectKey(event.id) },
    fields,
  );
}

export function submitFreeTextReview(ctx: ReviewsContext, input: FreeTextReviewInput): Promise<SubmitOutcome> {
  const { event_name: eventName, event_link: eventLink, ...fields } = input;
  return insertReview(
    ctx,
    {
      event_id: null,
      event: null,
      event_name: eventName,
      event_link: eventLink,
      subject_key: freeTextSubjectKey(eventName),
    },
    fields,
  );
}
