// The platform's only public door. Business modules import from '@evently/platform', never from its files.
export * from './store/document-store.port.ts';
export * from './store/version-retry.ts';
export * from './store/delete-aggregate.ts';
export * from './store/collection.ts';
export * from './bus/envelope.ts';
export * from './bus/message-factory.ts';
export * from './bus/event-bus.port.ts';
export * from './bus/outbox.port.ts';
export * from './bus/dead-letters.ts';
export * from './bus/outage.ts';
export { ConsumerWaits, type Backoff, type WaitingConsumer } from './bus/consumer-waits.ts';
export { createStoreLease, DEFAULT_LEASE_TTL_MS, type Lease, type LeaseOptions } from './bus/store-lease.ts';
export * from './search/search-index.port.ts';
export * from './projections/projector.ts';
export * from './projections/latest-version-projector.ts';
export * from './clock/clock.ts';
export * from './module.ts';
export * from './erasure/person-erasure.ts';
export * from './erasure/documents-matching.ts';
export * from './erasure/erase-documents.ts';
export * from './http/http-error.ts';
export * from './http/answer.ts';
export * from './http/validate.ts';
export * from './contracts/form-fields.ts';
export * from './config/env-settings.ts';
export * from './logging/logger.ts';
export * from './http/rate-limit.ts';
export * from './http/store-rate-limiter.ts';
export * from './http/memory-rate-limiter.ts';
export * from './http/admin-auth.ts';
export * from './http/admin-sessions.ts';
export * from './http/form-bodies.ts';
export * from './http/guess-throttle.ts';
export * from './http/store-guess-ledger.ts';
export * from './net/private-address.ts';
export * from './mail/mailer.port.ts';
export * from './mail/module-mailer.ts';
export * from './mail/module-mail.ts';
export * from './contracts/mail-address.ts';
export * from './mail/mail-address.ts';
export * from './mail/mailbox-cap.ts';
export * from './effects/do-once.ts';
export { createOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './bus/outbox-relay.ts';
export {
  createProjectorRunner,
  projectorGroup,
  replayGroup,
  RebuildCancelledError,
  RebuildLeaseHeldError,
  type ProjectorRunner,
  type ProjectorRunnerOptions,
  type RebuildOptions,
} from './projections/projector-runner.ts';
export { seededRandom, type Random } from './random/seeded-random.ts';
