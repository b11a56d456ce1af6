/** What the application services of this module share. */
import type { Clock, DocumentStore, SearchIndex } from '@evently/platform';
import type { Logger } from 'pino';

export interface BlogContext {
  store: DocumentStore;
  search: SearchIndex;
  clock: Clock;
  logger: Logger;
  appName: string;
  publicUrl: string;
}
