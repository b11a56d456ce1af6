/** GET /api/events: the catalogue search, answered `{ data, pagination }` (spec 01 §7). */
import type { Clock, FragmentHit, SearchHit, SearchIndex, SearchQuery } from '@evently/platform';
import type { EventRatings } from '../event-ratings/event-ratings.ts';
import type { SearchAnswer } from '../../../contracts/answers.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { isValidTimeZone } from '../../../domain/start-time.ts';
import { toCardEvent, toMapBasic, toPublicEvent } from '../../../domain/public-view.ts';
import { CARD_FRAGMENT, PIN_FRAGMENT } from '../../projections/answer-fragments.ts';
import { EVENTS_INDEX } from '../../projections/events-index.ts';
import { buildSearchQuery } from './build-search-query.ts';
import { paginationOf } from './pagination.ts';
import { parseCursorParam, refusedCursorAsBadRequest } from './cursor-param.ts';
import type { ListFields } from '../../../contracts/search-query.ts';
import { parseSearchParams, type SearchParams } from './search-params.ts';
import { cardText, listAnswerText, pinText } from './fragment-answer.ts';

export type { SearchAnswer };

/** The visitor's IANA zone, or UTC when the header is absent or not a zone. */
export function visitorZone(header: string | undefined | null): string {
  const zone = header?.trim();
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}

type SearchOptions = { timezone?: string | null };

/** The stored fragment each light shape is spliced from, and how a query's distance goes into it. */
const FRAGMENTS: Record<
  ListFields,
  { name: string; withDistance: (hit: FragmentHit & { fragment: string }) => string }
> = {
  card: { name: CARD_FRAGMENT, withDistance: cardText },
  map_basic: { name: PIN_FRAGMENT, withDistance: pinText },
};

const hasFragment = (hit: FragmentHit): hit is FragmentHit & { fragment: string } => hit.fragment !== null;

/**
 * Answer texts of the pages an index keeps between asks: it hands out the same frozen hits while nothing they
 * show has changed (the embedded engine keeps map pages), so a thousand pins are joined once per page and
 * pagination, not per request. Held only as long as the index holds the hits.
 */
const keptAnswers = new WeakMap<readonly FragmentHit[], { pagination: string; text: string }>();

export function makeSearchEvents(deps: { search: SearchIndex; clock: Clock; ratings: EventRatings }) {
  const prepare = (raw: Record<string, unknown>, options: SearchOptions) => {
    const zone = visitorZone(options.timezone);
    const params = parseSearchParams(raw, zone);
    const now = deps.clock.now();
    const cursor = parseCursorParam(raw, params.page);
    return { params, now, cursor, query: { ...buildSearchQuery(params, now, zone), ...cursor } };
  };

  /** Whole events, or light items mapped from their fields: the answer as objects. */
  async function answerFromSources(params: SearchParams, query: SearchQuery, now: Date): Promise<SearchAnswer> {
    const result = await deps.search.search<StoredEvent>(EVENTS_INDEX, query).catch(refusedCursorAsBadRequest);
    const pagination = paginationOf(result.total, params.page, params.perPage, {
      next: result.nextCursor,
      cursorPage: query.after !== undefined,
    });
    return { data: await itemsOf(result.hits, params.fields, now), pagination };
  }

  /** The light items' page spliced from stored fragments, or null when a hit has none (an index not rebuilt yet). */
  async function answerFromFragments(
    fields: ListFields,
    params: SearchParams,
    query: SearchQuery,
  ): Promise<string | null> {
    const { fields: _sourceFields, ...withoutFields } = query;
    const fragment = FRAGMENTS[fields];
    const page = await deps.search
      .searchFragments(EVENTS_INDEX, withoutFields, fragment.name)
      .catch(refusedCursorAsBadRequest);
    const pagination = paginationOf(page.total, params.page, params.perPage, {
      next: page.nextCursor,
      cursorPage: query.after !== undefined,
    });
    const paginationText = JSON.stringify(pagination);
    const kept = keptAnswers.get(page.hits);
    if (kept?.pagination === paginationText) return kept.text;
    if (!page.hits.every(hasFragment)) return null;
    const text = listAnswerText(page.hits.map(fragment.withDistance), pagination);
    if (Object.isFrozen(page.hits)) keptAnswers.set(page.hits, { pagination: paginationText, text });
    return text;
  }

  /** The answer as JSON text, for HTTP: card and pin pages never go through objects. */
  async function searchEventsText(raw: Record<string, unknown>, options: SearchOptions = {}): Promise<string> {
    const { params, now, query } = prepare(raw, options);
    const spliced = params.fields ? await answerFromFragments(params.fields, params, query) : null;
    return spliced ?? JSON.stringify(await answerFromSources(params, query, now));
  }

  async function searchEvents(raw: Record<string, unknown>, options: SearchOptions = {}): Promise<SearchAnswer> {
    const { params, now, query } = prepare(raw, options);
    const spliced = params.fields ? await answerFromFragments(params.fields, params, query) : null;
    return spliced === null ? answerFromSources(params, query, now) : (JSON.parse(spliced) as SearchAnswer);
  }

  /** The light shapes carry no ratings (no card or pin shows one) and read only their own fields from the index. */
  async function itemsOf(
    hits: Array<SearchHit<StoredEvent>>,
    fields: ListFields | undefined,
    now: Date,
  ): Promise<SearchAnswer['data']> {
    switch (fields) {
      case 'map_basic':
        return hits.map((hit) => toMapBasic({ ...hit.source, id: hit.id }, hit.distanceKm));
      case 'card':
        return hits.map((hit) => toCardEvent({ ...hit.source, id: hit.id }, hit.distanceKm));
      case undefined:
        return deps.ratings.attach(hits.map((hit) => toPublicEvent(hit.source, now, hit.distanceKm)));
    }
  }

  return { searchEvents, searchEventsText };
}
