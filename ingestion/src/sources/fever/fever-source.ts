/**
 * The Fever partner feed (`FEVER_FEED_URL`, optional bearer `FEVER_API_KEY`). Paging, as documented in
 * docs/ingestion.md: follow `pagination.next` when present (resolved against the page's URL), otherwise ask
 * for `page + 1` while `page < total_pages`, otherwise stop.
 */
import { z } from 'zod';
import { SourceRequestError } from '../../http/source-errors.ts';
import type { Cursor, IngestionSource, PageContext, SourcePage, SourceScope } from '../source.ts';
import { feverPageSchema, type FeverPage } from './fever-payload.ts';
import { FEVER_SOURCE, normalizeFeverPlan } from './normalize-fever.ts';

export interface FeverSourceOptions {
  feedUrl: string;
  apiKey?: string;
  requestsPerSecond?: number;
}

const cursorSchema = z.object({ url: z.url() });

/** The URL of the page after `page` (fetched from `current`), or null when `page` was the last. */
export function nextFeverPageUrl(current: URL, page: FeverPage): URL | null {
  const pagination = page.pagination;
  if (pagination?.next) return new URL(pagination.next, current);
  if (pagination?.page && pagination.total_pages && pagination.page < pagination.total_pages) {
    const next = new URL(current);
    next.searchParams.set('page', String(pagination.page + 1));
    return next;
  }
  return null;
}

export function createFeverSource(options: FeverSourceOptions): IngestionSource {
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};

  async function* pages(_scope: SourceScope, cursor: Cursor | null, context: PageContext): AsyncGenerator<SourcePage> {
    let url: URL | null = new URL(cursor ? cursorSchema.parse(cursor).url : options.feedUrl);
    while (url) {
      const body = await context.http.getJson(url, { headers, signal: context.signal });
      const parsed = feverPageSchema.safeParse(body);
      if (!parsed.success)
        throw new SourceRequestError(
          `unexpected Fever feed page: ${parsed.error.issues[0]?.message ?? 'invalid page'}`,
        );
      const next = nextFeverPageUrl(url, parsed.data);
      if (next && next.toString() === url.toString())
        throw new SourceRequestError(`Fever feed page links to itself (${url.toString()})`);
      const totalPages = parsed.data.pagination?.total_pages;
      // Only a full first page says how big pages are.
      const estimatedTotal =
        totalPages && parsed.data.pagination?.page === 1 ? totalPages * parsed.data.data.length : undefined;
      yield {
        records: parsed.data.data,
        next: next ? { url: next.toString() } : null,
        ...(estimatedTotal ? { estimatedTotal } : {}),
      };
      url = next;
    }
  }

  return {
    name: FEVER_SOURCE,
    requestsPerSecond: options.requestsPerSecond ?? 5,
    scopes: () => [{ key: 'all', filter: {} }],
    pages,
    normalize: normalizeFeverPlan,
    eventSources: [FEVER_SOURCE],
  };
}
