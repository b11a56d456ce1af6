/**
 * Wires the events module from its ports: commands, queries, the search projector and the HTTP routers.
 * Nothing here holds state beyond caches; `init` loads the bundled stays feed (idempotent).
 */
import type { AppModule, ModuleDeps } from '@evently/platform';
import { createMatchKeysBackfillScheduler } from './application/commands/backfill-match-keys/backfill-scheduler.ts';
import { makeRecordActivity } from './application/commands/record-activity/record-activity.ts';
import { makeRemoveFromSource } from './application/commands/remove-from-source/remove-from-source.ts';
import { makeSplitOffer } from './application/commands/split-offer/split-offer.ts';
import { makeTrackOutboundClick } from './application/commands/track-outbound-click/track-outbound-click.ts';
import { makeUpsertFromSource } from './application/commands/upsert-from-source/upsert-from-source.ts';
import { makeEventsQueries } from './application/events-queries.ts';
import { createRateBook } from './application/exchange-rates/rate-book.ts';
import { createRatesRefreshScheduler } from './application/exchange-rates/rates-refresh-scheduler.ts';
import { eventsCollections } from './infra/collections.ts';
import { eventsIndexSchema } from './application/projections/events-index.ts';
import { createEventsSearchProjector } from './application/projections/events-search.projector.ts';
import { eventRatingsIndexSchema } from './application/projections/event-ratings-index.ts';
import { createEventRatingsProjector } from './application/projections/event-ratings.projector.ts';
import { makeLocateIp } from './application/queries/locate-ip/locate-ip.ts';
import { makeReadEventPage } from './application/queries/get-event/read-event-page.ts';
import { EVENTS_ACTIVITY_TOPIC, EVENTS_TOPIC } from './contracts/event-messages.ts';
import { EVENT_LINKS_TOPIC } from './contracts/link-messages.ts';
import { eventsOptionsFromEnv, type EventsOptions } from './events-options.ts';
import { createCalendarRouter } from './http/calendar.router.ts';
import { createEventsRouter } from './http/events.router.ts';
import { createGeoIpRouter } from './http/geo-ip.router.ts';
import { createOffersAdminRouter } from './http/offers-admin.router.ts';
import { createOutboundLinksRouter } from './http/outbound-links.router.ts';
import { makeSeeding } from './infra/demo/seed-demo.ts';
import { createRatesFeed } from './infra/exchange-rates/rates-feed.ts';
import { createMaxmindIpLocator } from './infra/maxmind-ip-locator.ts';
import { createStoreStaysProvider, loadBundledStays } from './infra/store-stays-provider.ts';

export function createEventsModule(deps: ModuleDeps, options: EventsOptions = eventsOptionsFromEnv(process.env)) {
  const { store, search, clock, logger } = deps;
  const linkOffers = options.linkOffers ?? false;
  const upsert = makeUpsertFromSource({ store, clock, linkOffers });
  const split = makeSplitOffer({ store, clock });
  const activity = makeRecordActivity({ store, clock, logger, flushMs: options.activityFlushMs ?? 0 });
  const commands = {
    ...upsert,
    ...makeRemoveFromSource({ store, clock, linkOffers }),
    ...split,
    ...activity,
  };
  const rates = createRateBook({ store, clock, logger: logger.child({ component: 'exchange-rates' }) });
  const queries = makeEventsQueries({
    store,
    search,
    clock,
    rates,
    accommodations: options.accommodations ?? createStoreStaysProvider({ store }),
  });
  const trackOutboundClick = makeTrackOutboundClick({
    store,
    settings: options.affiliate,
    recordClick: activity.recordClick,
  });
  const locateIp = makeLocateIp({ locator: options.ipLocator ?? createMaxmindIpLocator() });
  const seeding = makeSeeding({ store, clock, upsertManyFromSource: upsert.upsertManyFromSource });

  const module: AppModule = {
    name: 'events',
    collections: eventsCollections,
    topics: [EVENTS_TOPIC, EVENTS_ACTIVITY_TOPIC, EVENT_LINKS_TOPIC],
    searchSchemas: [eventsIndexSchema, eventRatingsIndexSchema],
    projectors: [
      createEventsSearchProjector({ search, rates, logger: logger.child({ projector: 'events-search' }) }),
      // Reads the reviews module's messages (contracts/review-messages.ts); see decision 015.
      createEventRatingsProjector({ search, logger: logger.child({ projector: 'event-ratings' }) }),
    ],
    // Keys events stored before the offer-match keys existed, once, in the background (decision 021).
    schedulers: [
      createMatchKeysBackfillScheduler({ store, logger: logger.child({ scheduler: 'match-keys-backfill' }) }),
      // Without a feed the bundled table stays in effect (decision 026).
      ...(options.fxRatesUrl
        ? [
            createRatesRefreshScheduler({
              book: rates,
              fetchTable: createRatesFeed({ url: options.fxRatesUrl }),
              source: options.fxRatesUrl,
              logger: logger.child({ scheduler: 'exchange-rates-refresh' }),
              ...(options.fxRefreshMs ? { intervalMs: options.fxRefreshMs } : {}),
              ...(options.onRatesChanged ? { onChanged: options.onRatesChanged } : {}),
            }),
          ]
        : []),
    ],
    routers: [
      // Before the events router: its `/:id` would read `calendar.ics` as an event id.
      createCalendarRouter(queries, deps.publicUrl),
      createEventsRouter(queries, activity.recordView),
      createGeoIpRouter(locateIp, options.trustedProxies),
      createOutboundLinksRouter(trackOutboundClick),
      createOffersAdminRouter({ split: split.splitOffer, requireAdmin: deps.requireAdmin }),
    ],
    async init() {
      await loadBundledStays(store);
      // Converting from the first request with the stored table, not the bundled one until a reread.
      await rates.reload();
    },
    async close() {
      await activity.closeActivity();
    },
  };

  return {
    ...module,
    commands,
    queries: {
      search: queries.search,
      getById: queries.getById,
      /** Where the id of a record linked into another event leads, or null. */
      canonicalRedirect: queries.canonicalRedirect,
      listActiveExternalIds: queries.listActiveExternalIds,
      upcomingNear: queries.upcomingNear,
      /** A saved search's events in a window, matched as the site's search matches them. */
      savedSearchMatches: queries.savedSearchMatches,
      cityCoordinates: queries.cityCoordinates,
      popular: queries.popular,
      filterOptions: queries.filterOptions,
      /** Pages of every live event yet to start (id, slug, last change): the sitemap's source. */
      upcomingEvents: queries.upcomingEvents,
      /** An event page's one read: the event with the visitor's view counted, or where it moved. */
      readEventPage: makeReadEventPage({
        store,
        canonicalRedirect: queries.canonicalRedirect,
        toPublic: queries.toPublic,
        recordView: activity.recordView,
      }),
    },
    trackOutboundClick,
    seedDemoIfEmpty: seeding.seedDemoIfEmpty,
    seed: seeding.seed,
  };
}

export type EventsModule = ReturnType<typeof createEventsModule>;
