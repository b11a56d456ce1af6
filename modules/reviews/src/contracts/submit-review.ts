/**
 * The review form (spec 02 §5 "Review form", §7): the same body for a catalogue event
 * (`POST /api/events/{eventId}/reviews`) and a free-text one (`POST /api/reviews`, plus `event_name` and an
 * optional `event_link`). Parsed at the edge; nothing reaches the commands unparsed.
 */
import { z } from 'zod';
import { normaliseEventName } from './event-name.ts';
import { isAcceptableEventLink } from './event-link.ts';
import { RATING_MAX, RATING_MIN } from './vocabulary.ts';
import { emailField, optionalText, requiredText } from '@evently/platform/contracts';
import { LIMITS } from './fields.ts';

/** The form sends a number; a JSON client may send "4". Both are accepted, 4.5 and "four" are not. */
const rating = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ error: 'rating is required' })
    .int(`rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
    .min(RATING_MIN, `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
    .max(RATING_MAX, `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`),
);

/** Sent by the form as a checkbox's boolean; absent means "not said", kept as false. */
const attended = z
  .boolean({ error: 'attended must be true or false' })
  .nullish()
  .transform((value) => value ?? false);

export const reviewFieldsSchema = z.object({
  user_name: requiredText('user_name', LIMITS.userName),
  user_email: emailField('user_email'),
  rating,
  title: optionalText('title', LIMITS.title),
  comment: optionalText('comment', LIMITS.comment),
  attended,
  /** Honeypot: a field hidden from people; the router looks at it before parsing. */
  website: z.unknown().optional(),
});

const eventLink = optionalText('event_link', LIMITS.eventLink).refine(
  (value) => value === null || isAcceptableEventLink(value),
  'event_link must be an http(s) address or a site path like /event/123',
);

/** A name of only punctuation would make every such review "the same event" for the duplicate rule. */
const eventName = requiredText('event_name', LIMITS.eventName).refine(
  (value) => normaliseEventName(value) !== '',
  'event_name must contain letters or digits',
);

export const freeTextReviewSchema = reviewFieldsSchema.extend({
  event_name: eventName,
  event_link: eventLink,
});

export type ReviewFields = Omit<z.infer<typeof reviewFieldsSchema>, 'website'>;
export type FreeTextReviewInput = ReviewFields &
  Pick<z.infer<typeof freeTextReviewSchema>, 'event_name' | 'event_link'>;

/** What the review form sends for a catalogue event (`website` is the honeypot, empty from a person). */
export type ReviewBody = z.input<typeof reviewFieldsSchema>;
/** What the review form sends for an event named in free text. */
export type FreeTextReviewBody = z.input<typeof freeTextReviewSchema>;
