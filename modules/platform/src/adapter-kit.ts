/**
 * '@evently/platform/adapter-kit': what an adapter package needs beyond the ports in '@evently/platform'. The
 * search helpers are shared so both search engines read a query, fold a keyword, order a page and encode a
 * cursor the same way (the one contract suite holds them to it); the bus helpers pace a waiting consumer and
 * name a tail group alike on both logs. Business modules never import this door (`npm run boundaries`).
 */
export { PositionPacer, realSleep } from './bus/consumer-waits.ts';
export { uniqueTailGroup } from './bus/tail-group.ts';
export { assertPlainName, idOfKey, numericId } from './search/document-id.ts';
export { asEpochMillis, asGeoPoint, asKeyword, asNumber, type GeoPoint } from './search/field-values.ts';
export {
  boundsLonRanges,
  boxAroundCircle,
  EARTH_RADIUS_KM,
  squareInsideCircle,
  type CircleBox,
  type LonRange,
} from './search/geo-math.ts';
export { foldKeyword, preferredSpelling } from './search/keyword-folding.ts';
export { schemaFingerprint, storedSchemaFingerprint } from './search/schema-fingerprint.ts';
export { decodeCursor, encodeCursor, type CursorSlot, type CursorValue } from './search/search-cursor.ts';
export {
  emptyFacets,
  facetsForServedSchema,
  pendingFields,
  queryForServedSchema,
  schemaFromFingerprint,
} from './search/served-schema.ts';
export { stemForms } from './search/stem-forms.ts';
export { allowedEdits, editDistance, queryWords } from './search/text-terms.ts';
