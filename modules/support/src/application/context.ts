/** What the application services of this module share. */
import type { Clock, DocumentStore } from '@evently/platform';
import type { Logger } from 'pino';
import type { FirstResponseHours } from '../domain/sla.ts';

export interface SupportContext {
  store: DocumentStore;
  clock: Clock;
  logger: Logger;
  appName: string;
  publicUrl: string;
  /** First-response target per priority, in hours. */
  firstResponseHours: FirstResponseHours;
}
