// Test-only helpers of the platform, published as '@evently/platform/testing': the ports' contract suites
// every adapter runs, and the engine-free tools specs share. The module harness, which wires the embedded
// engines, is '@evently/testkit'; each engine's test containers are its adapter's '/testing' door.
export { testDocumentStore, type DocumentStoreFixture } from '../store/document-store.contract.ts';
export {
  testEventBus,
  type EventBusFixture,
  type EventBusFixtureOptions,
  type SmtpOutageKit,
} from '../bus/event-bus.contract.ts';
export { testSearchIndex, type SearchIndexFactory } from '../search/search-index.contract.ts';
export { berlin, contractSchema, fixtureEvents, type FixtureEvent } from '../search/search-index.contract-fixtures.ts';
export { hasContainerRuntime } from './container-runtime.ts';
export { containerPerSuite, containerRuntimeFor } from './container-suite.ts';
export { createTempDataDir } from './temp-dir.ts';
export { startNodeProcess, startTsxScript, type NodeProcess, type NodeProcessOptions } from './node-process.ts';
export { waitFor } from './wait-for.ts';
export { collectMessages } from './collect-messages.ts';
export { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from './chromium.ts';
export { testRebuildBesideLive, type RebuildEngines } from '../projections/rebuild-beside-live.contract.ts';
