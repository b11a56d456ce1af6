/**
 * What the runner needs from a feed. A source splits its feed into scopes (a country, a city, a file), and
 * walks each scope page by page from an opaque cursor, so a run can stop after any page and resume there.
 */
import type { Logger } from 'pino';
import type { JsonClient } from '../http/json-client.ts';
import type { NormalizeOutcome } from '../normalize/outcome.ts';

/** The place filter a full sync compares the catalogue against (our stored country and city names). */
export interface ScopeFilter {
  country?: string;
  city?: string;
}

export interface SourceScope {
  /** Stable key, part of the checkpoint id, e.g. `country:ES` or `all`. */
  key: string;
  filter: ScopeFilter;
}

/** A JSON value that survives being stored in the checkpoint document. */
export type Cursor = Record<string, unknown>;

export interface SourcePage {
  /** Raw records of this page, in feed order. */
  records: unknown[];
  /** Where the next page starts; null when this was the last one. */
  next: Cursor | null;
  /** Records the whole scope holds, when the feed says (for the progress bar only). */
  estimatedTotal?: number;
}

export interface PageContext {
  http: JsonClient;
  signal: AbortSignal;
  logger: Logger;
  /** When the run started (kept across resumes), so time windows stay the same after a restart. */
  runStartedAt: Date;
}

export interface IngestionSource {
  /** Name used in checkpoints, run records and the CLI: `ticketmaster`, `fever`, `file`. */
  name: string;
  /** Requests per second allowed against this source (0 = unlimited, e.g. files). */
  requestsPerSecond: number;
  scopes(): SourceScope[];
  /** Yields pages starting at `cursor` (the first page when null). */
  pages(scope: SourceScope, cursor: Cursor | null, context: PageContext): AsyncIterable<SourcePage>;
  /** Turns one raw record into outcomes (a Fever plan gives one per session). */
  normalize(record: unknown): NormalizeOutcome[];
  /**
   * Event sources (`source` field of events) a completed full sync of this feed speaks for; events of these
   * sources in the scope that the run did not see are removed. `null`: the sources the run actually saw.
   */
  eventSources: string[] | null;
}
