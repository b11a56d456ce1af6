// The events module's only public door: the module factory and its contracts. Nothing else is imported
// from outside this package.
export { createEventsModule, type EventsModule } from './events-module.ts';
export { eventsOptionsFromEnv, type EventsOptions } from './events-options.ts';
export { CATEGORIES, type Category } from './contracts/categories.ts';
export {
  sourceEventSchema,
  type SourceEvent,
  type SourceEventInput,
  type UpsertOutcome,
} from './contracts/source-event.ts';
export { storedEventSchema, type StoredEvent } from './contracts/stored-event.ts';
export * from './contracts/event-messages.ts';
export type { PublicEvent, MapBasicEvent, SimilarEvent, Accommodation, Pagination } from './contracts/public-event.ts';
export type {
  AccommodationsProvider,
  AccommodationsQuery,
} from './application/queries/accommodations/accommodations-provider.ts';
export type { IpLocator, IpLocation } from './application/queries/locate-ip/locate-ip.ts';
export type { AffiliateSettings, AffiliateProgram } from './domain/affiliate-links.ts';
export type { UpcomingNearArgs } from './application/queries/catalogue-lookups/catalogue-lookups.ts';
export type { SavedSearchMatchArgs } from './application/queries/saved-search-matches/saved-search-matches.ts';
export { DATE_PRESETS, type DatePreset } from './domain/date-presets.ts';
export type { FilterOptions } from './application/queries/filter-options/filter-options.ts';
/** `cursor` of GET /api/events, for the OpenAPI document. */
export { searchQuerySchema } from './contracts/search-query.ts';
/** For sources with generic records: picks and normalises the start from start_datetime, date, ... */
export { startFromRecord, normaliseInstant, START_FIELDS } from './domain/start-time.ts';
export { eventSlug, parseEventIdSegment } from './domain/slug.ts';
export { eventPageUrl, eventUid } from './infra/ics-calendar.ts';
export type { UpcomingEventRef } from './application/queries/upcoming-events/upcoming-events.ts';
export type { EventPageRead, EventPageVisitor } from './application/queries/get-event/read-event-page.ts';
export { EVENTS_INDEX, eventsIndexSchema } from './application/projections/events-index.ts';
export { EVENT_RATINGS_INDEX, eventRatingsIndexSchema } from './application/projections/event-ratings-index.ts';
export { EVENT_RATINGS_PROJECTOR } from './application/projections/event-ratings.projector.ts';
export type { EventRating } from './domain/rating.ts';
export { generateDemoEvents } from './infra/demo/demo-catalogue.ts';
/** Real cities with centre coordinates, zone and currency (the demo catalogue's and the benchmark's). */
export { CITIES as DEMO_CITIES, type City } from './infra/demo/cities.ts';
