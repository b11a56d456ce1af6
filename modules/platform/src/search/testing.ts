// Test-only exports of the search adapters, re-exported by `@evently/platform/testing`.
export { testSearchIndex, type SearchIndexFactory } from './search-index.contract.ts';
export { contractSchema, fixtureEvents } from './search-index.contract-fixtures.ts';
