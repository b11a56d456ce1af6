/**
 * How long the events module counts views and clicks in memory before one write per event, chosen by the
 * store's engine. The composition root passes it to the module; the benchmarks read it from here too, so they
 * count views as the composed api does without loading the whole composition. No heavy imports belong here.
 *
 * Views are counted in memory between writes on both engines, so the event page never writes in its request.
 * On MongoDB a hot event's views would each conflict with the next. The embedded store has one writer at a
 * time: a feed's or a bulk load's transaction (at a lower priority, so slower still when readers keep the cores
 * busy) would hold every page view that wrote through until it commits.
 */
import type { DocumentStore } from '@evently/platform';

const ACTIVITY_FLUSH_MS: Record<DocumentStore['engine'], number> = {
  mongodb: 2000,
  // Shorter: a view must never wait behind another process's write transaction, and one writer keeps up.
  sqlite: 1000,
};

export const activityFlushMsFor = (engine: DocumentStore['engine']): number => ACTIVITY_FLUSH_MS[engine];
