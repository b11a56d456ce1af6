/** What the application services of this module share. */
import type { Clock, DocumentStore } from '@evently/platform';
import type { Logger } from 'pino';
import type { ReviewEventLookup } from './event-lookup.ts';

export interface ReviewsContext {
  store: DocumentStore;
  clock: Clock;
  logger: Logger;
  events: ReviewEventLookup;
}
