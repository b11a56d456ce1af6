/** What the application services of this module share. */
import type { Clock, DocumentStore, Mailer, RateLimiter } from '@evently/platform';
import type { Logger } from 'pino';
import type { EventsCatalogue } from '../domain/digest-event.ts';

export interface SubscriptionsContext {
  store: DocumentStore;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  catalogue: EventsCatalogue;
  appName: string;
  publicUrl: string;
  /** Confirmation mails per recipient address (counters in the store, so every worker shares them). */
  confirmationMailCap: RateLimiter;
}
