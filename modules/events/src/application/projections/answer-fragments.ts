/**
 * The light list items, rendered when an event is indexed (decision 024): its
 * card (`fields=card`) and its map pin (`fields=map_basic`), kept by the SearchIndex as answer fragments. A list
 * page is then spliced from the stored texts (queries/search-events/fragment-answer.ts) instead of reading the
 * card's fields, parsing them, mapping them and serialising the answer on every request. Only the distance,
 * which depends on the query, is added per request.
 */
import type { IndexDocument } from '@evently/platform';
import { toCardEvent, toMapBasic, type CardSource } from '../../domain/public-view.ts';

export const CARD_FRAGMENT = 'card_item';
export const PIN_FRAGMENT = 'map_pin';

/**
 * The fragments with the version of their rendering. Raise a version whenever `toCardEvent` or `toMapBasic`
 * (or what they call: contact redaction, the zone check, offer counts and prices) answers differently for the
 * same event: stored fragments would otherwise keep the old rendering. The new version changes the index
 * schema's fingerprint, so both engines rebuild blue/green, rendering every event again.
 */
export const ANSWER_FRAGMENTS = { [CARD_FRAGMENT]: 2, [PIN_FRAGMENT]: 1 };

/**
 * The document as written (an events index document): with its card and pin, rendered without a distance (a
 * query adds its own). Typed by what the renderings read, as the index module imports this one.
 */
export function withAnswerFragments(doc: IndexDocument & CardSource): IndexDocument {
  return { ...doc, [CARD_FRAGMENT]: toCardEvent(doc), [PIN_FRAGMENT]: toMapBasic(doc) };
}
