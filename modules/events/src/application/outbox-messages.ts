/**
 * The messages this module's commands append to the outbox, one factory per topic, each validating its data
 * against the contract's schema. Activity messages also carry how many views or clicks the flush added.
 */
import { defineMessages } from '@evently/platform';
import { z } from 'zod';
import {
  activityV1,
  EVENT_MESSAGE_TYPES,
  EVENTS_ACTIVITY_TOPIC,
  EVENTS_TOPIC,
  eventClickedV1,
  eventRemovedV1,
  eventUpsertedV1,
} from '../contracts/event-messages.ts';
import {
  EVENT_LINK_MESSAGE_TYPES,
  EVENT_LINKS_TOPIC,
  eventOfferLinkedV1,
  eventOfferSplitV1,
} from '../contracts/link-messages.ts';

/** `evently.events`, keyed by the event id. */
export const eventMessage = defineMessages(EVENTS_TOPIC, {
  [EVENT_MESSAGE_TYPES.upserted]: eventUpsertedV1,
  [EVENT_MESSAGE_TYPES.removed]: eventRemovedV1,
});

/** `evently.events.activity`, keyed by the event id. */
export const activityMessage = defineMessages(EVENTS_ACTIVITY_TOPIC, {
  [EVENT_MESSAGE_TYPES.viewed]: activityV1.extend({ views: z.number().int().nonnegative() }),
  [EVENT_MESSAGE_TYPES.clicked]: eventClickedV1.extend({ clicks: z.number().int().nonnegative() }),
});

/** `evently.events.links`, keyed by the canonical event's id. */
export const linkMessage = defineMessages(EVENT_LINKS_TOPIC, {
  [EVENT_LINK_MESSAGE_TYPES.linked]: eventOfferLinkedV1,
  [EVENT_LINK_MESSAGE_TYPES.split]: eventOfferSplitV1,
});
