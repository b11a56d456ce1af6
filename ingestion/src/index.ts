// The ingestion package's only public door: sources, the runner, the scheduler the `ingestion` process
// role starts, the bundled-sample loader the backend calls on a fresh data directory, and the feed
// simulator (offline demos and the benchmark).
export { eventsWriterFrom, type EventsWriter, type RemoveOutcome } from './events-writer.ts';
export { INGESTION_COLLECTIONS } from './runner/collections.ts';
export { runSource, type RunnerDeps, type RunOptions, type SourceRunResult } from './runner/run-source.ts';
export type { ScopeProgress, ScopeRunResult } from './runner/run-scope.ts';
export type { RunCounts } from './runner/run-counts.ts';
export { createQuarantineRepository, type QuarantineEntry } from './runner/quarantine-repository.ts';
export { createRunLog, type RunRecord } from './runner/run-log.ts';
export type { IngestionSource, SourceScope, ScopeFilter } from './sources/source.ts';
export {
  createTicketmasterSource,
  type TicketmasterSourceOptions,
} from './sources/ticketmaster/ticketmaster-source.ts';
export { createFeverSource, type FeverSourceOptions } from './sources/fever/fever-source.ts';
export { createFileSource, type FileSourceOptions } from './sources/file/file-source.ts';
export { loadIngestionConfig, IngestionConfigError, type IngestionConfig } from './config/ingestion-config.ts';
export { configuredSources, type ScheduledSource } from './config/configured-sources.ts';
export { createIngestionScheduler, type IngestionSchedulerOptions } from './scheduler.ts';
export { ingestBundledSamplesIfFresh } from './bundled-samples.ts';
export { BUNDLED_SAMPLES_DIR } from './bundled-samples-dir.ts';
export { startFeedSimulator, type FeedSimulator, type ScriptedFault } from './simulator/feed-simulator.ts';
export { generateTicketmasterEvents, generateFeverPlans } from './simulator/sample-feeds.ts';
// For the backend's `ingest` role (the one-off CLI run with its progress bar and summary).
export { createProgressReporter, type ProgressReporter } from './progress/progress-reporter.ts';
export { formatRunSummary } from './progress/run-summary.ts';
