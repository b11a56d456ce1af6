/** What the application services of this module share. */
import type { Clock, DocumentStore } from '@evently/platform';
import type { Logger } from 'pino';
import type { ReplyAddressSettings } from '../domain/reply-address.ts';
import type { FirstResponseHours } from '../domain/sla.ts';

export interface SupportContext {
  store: DocumentStore;
  clock: Clock;
  logger: Logger;
  appName: string;
  publicUrl: string;
  /** First-response target per priority, in hours. */
  firstResponseHours: FirstResponseHours;
  /** Signed per-ticket reply addresses; without them mail carries no Reply-To and replies by mail are off. */
  replies?: ReplyAddressSettings;
}
