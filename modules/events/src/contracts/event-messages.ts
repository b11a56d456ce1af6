/**
 * Messages the events module publishes on `evently.events`, keyed by the event id. Every message carries the
 * aggregate's version after the change, so projectors can ignore anything they already hold.
 *
 * `EventUpserted` carries the whole stored event (a snapshot), so a consumer never needs to read the store.
 * `EventViewed` / `EventClicked` carry the running counters and popularity after the change.
 */
import { z } from 'zod';
import { storedEventSchema } from './stored-event.ts';

export const EVENTS_TOPIC = 'evently.events';
/**
 * Views and clicks (`EventViewed`, `EventClicked`, one per event per flush), kept 7 days on Kafka. Not needed
 * to rebuild search: each flush also publishes an `EventUpserted` snapshot with the new totals on
 * `evently.events`, which is compacted (docs/decisions/019-production-engines.md).
 */
export const EVENTS_ACTIVITY_TOPIC = 'evently.events.activity';

export const eventUpsertedV1 = z.object({ event: storedEventSchema });
export const eventRemovedV1 = z.object({ id: z.string().min(1), reason: z.string().min(1) });
export const activityV1 = z.object({
  id: z.string().min(1),
  at: z.iso.datetime({ offset: true }),
  view_count: z.number().int().nonnegative(),
  click_count: z.number().int().nonnegative(),
  popularity_log: z.number(),
});
export const eventClickedV1 = activityV1.extend({ target: z.string().min(1) });

export const EVENT_MESSAGE_TYPES = {
  upserted: 'EventUpserted',
  removed: 'EventRemoved',
  viewed: 'EventViewed',
  clicked: 'EventClicked',
} as const;

export type EventUpsertedData = z.infer<typeof eventUpsertedV1>;
export type EventRemovedData = z.infer<typeof eventRemovedV1>;
export type EventViewedData = z.infer<typeof activityV1>;
export type EventClickedData = z.infer<typeof eventClickedV1>;
