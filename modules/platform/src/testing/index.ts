// Test-only helpers of the platform, published as '@evently/platform/testing'.
export { testDocumentStore, type DocumentStoreFixture } from '../store/document-store.contract.ts';
export { testEventBus, type EventBusFixture } from '../bus/event-bus.contract.ts';
export { hasContainerRuntime } from './container-runtime.ts';
export { createTempDataDir } from './temp-dir.ts';
export { waitFor } from './wait-for.ts';
export { collectMessages } from './collect-messages.ts';
export { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from './chromium.ts';
export { startSmtpSink, type SmtpSink, type ReceivedMail } from '../mail/testing/smtp-sink.ts';
export { testSearchIndex, type SearchIndexFactory } from '../search/search-index.contract.ts';
export { serveRouters, type ServedRouters } from './serve-routers.ts';
export { harnessPerTest, type HarnessPerTest } from './harness-per-test.ts';
export { startEmbeddedDeps, type EmbeddedDeps, type EmbeddedDepsOptions } from './embedded-deps.ts';
export {
  HARNESS_ADMIN_PASSWORD,
  HARNESS_PUBLIC_URL,
  startModuleHarness,
  type ModuleHarness,
  type ModuleHarnessOptions,
} from './module-harness.ts';
export { startMongoReplicaSet, type StartedMongoReplicaSet } from '../store/mongo/mongo-replica-set-container.ts';
export { startKafka, type StartedKafka } from '../bus/kafka/kafka-kraft-container.ts';
