// '@evently/testkit': the embedded engines wired for specs and benchmarks (a module on a real SQLite store,
// log and search index, served over HTTP). Test code only; see CONTEXT.md for why it is a package of its own.
export { serveRouters, type ServedRouters } from './serve-routers.ts';
export {
  HARNESS_ADMIN_PASSWORD,
  HARNESS_PUBLIC_URL,
  startModuleHarness,
  type ModuleHarness,
  type ModuleHarnessOptions,
} from './module-harness.ts';
export {
  harnessPerTest,
  mailingModuleHarness,
  UNLIMITED_RATE,
  type HarnessMail,
  type HarnessPerTest,
  type MailingModuleHarness,
} from './harness-per-test.ts';
export { HARNESS_START, startEmbeddedDeps, type EmbeddedDeps, type EmbeddedDepsOptions } from './embedded-deps.ts';
