/** What the application services of this module share. */
import type { Clock, DocumentStore } from '@evently/platform';
import type { Logger } from 'pino';

export interface PartnershipsContext {
  store: DocumentStore;
  clock: Clock;
  logger: Logger;
  appName: string;
  publicUrl: string;
}
