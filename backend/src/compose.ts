/**
 * The composition root: adapters from config, the shared `ModuleDeps`, every business module, and the
 * pipeline pieces around them (outbox relay, projector runner, schedulers). Process roles in `main.ts` decide
 * which of these pieces run; building them is the same for every role, so `api` and `worker` cannot drift.
 */
import type Router from '@koa/router';
import type { Logger } from 'pino';
import {
  adminSessionsCollection,
  ADMIN_GUESS_BUDGET,
  createAdminAuth,
  createGuessThrottle,
  createStoreAdminSessions,
  createOutboxRelay,
  createStoreLease,
  createProjectorRunner,
  createStoreGuessLedger,
  createStoreMailboxCap,
  createStoreRateLimits,
  effectClaimsCollection,
  mailboxCapCollection,
  mailboxCapFromEnv,
  projectorGroup,
  rateLimitCountersCollection,
  systemClock,
  type AdminAuth,
  type AppModule,
  type Clock,
  type ModuleDeps,
  type OutboxRelay,
  type ProjectorRunner,
} from '@evently/platform';
import { createBlogModule, type BlogModule } from '@evently/blog';
import { createEventsModule, eventsOptionsFromEnv, type EventsModule } from '@evently/events';
import { INGESTION_COLLECTIONS } from '@evently/ingestion';
import { createPartnershipsModule, partnershipsOptionsFromEnv } from '@evently/partnerships';
import { createSubscriptionsModule, subscriptionsOptionsFromEnv } from '@evently/subscriptions';
import { createReviewsModule } from '@evently/reviews';
import { createSupportModule, supportOptionsFromEnv } from '@evently/support';
import { activityFlushMsFor } from './activity-flush.ts';
import { createAdapters, type Adapters } from './adapters.ts';
import { resolveAdminPassword, type ResolvedAdminPassword } from './admin-password.ts';
import { apiDocumentRouter } from './api-document/api-document.router.ts';
import type { Config } from './config.ts';
import { erasePerson, type ErasureOptions, type ErasureOutcome } from './erasure/erase-person.ts';
import { erasureRouter } from './erasure/erasure.router.ts';
import type { ReadinessCheck } from './http/health.ts';
import { mailFolder, probeWritableFolder } from './storage-check.ts';
import { countedMailer } from './observability/counted-mailer.ts';
import { createMetrics, type Metrics } from './observability/metrics.ts';
import { metricsRouter } from './observability/metrics.router.ts';
import { registerPipelineCollectors } from './observability/pipeline-collectors.ts';
import { combineLiveFeeds, type AdminPresence, type LiveFeed, type TicketAccess } from './realtime/live-feed.ts';
import { reviewsLiveFeed, supportLiveFeed, supportPresenceFeed } from './realtime/module-feeds.ts';

/** The store lease a process holds while it rebuilds read models. */
export const REBUILD_LEASE = 'search-rebuild';
/** An admin login lasts a working day; the panel asks for the password again after that. */
const ADMIN_SESSION_TTL_MS = 12 * 60 * 60_000;
/**
 * The backlog gauge reads at most this many pending outbox records per scrape: enough to see a stalled relay
 * (it normally hovers near zero), cheap enough to read every 15 s.
 */
const OUTBOX_BACKLOG_CAP = 1_000;

export interface ComposeOptions {
  config: Config;
  logger: Logger;
  /** Process role, used in client ids and log names. */
  role: string;
  /** Raw environment for module settings the config does not model (affiliate templates, ...). */
  env?: Record<string, string | undefined>;
  clock?: Clock;
  /** The process's metrics registry; a fresh one labelled with the role when omitted. */
  metrics?: Metrics;
}

export interface Composition extends Adapters {
  deps: ModuleDeps;
  adminPassword: ResolvedAdminPassword;
  adminAuth: AdminAuth;
  events: EventsModule;
  blog: BlogModule;
  /** Live pushes for the realtime gateway of api processes (support tickets, the review queue). */
  liveFeed: LiveFeed;
  /** Who may follow a ticket live (its number and access token). */
  ticketAccess: TicketAccess;
  /** Which agent is on which ticket, shared by every api replica. */
  presence: AdminPresence;
  /** Starts the listener for replies by mail to tickets; only when INBOUND_SMTP_PORT is set (the worker runs it). */
  startInboundMail?: () => Promise<{ port: number; close(): Promise<void> }>;
  modules: AppModule[];
  routers: Router[];
  readiness: ReadinessCheck[];
  relay: OutboxRelay;
  projectors: ProjectorRunner;
  /** Counters and scrape-time gauges of this process, served at `GET /metrics`. */
  metrics: Metrics;
  /** Search indexes this process found missing (or with another schema) and created empty. */
  createdSearchIndexes: ReadonlySet<string>;
  /** Erases one person's data everywhere (`erase` command, admin API); `actor` goes into the audit line. */
  erase(subject: { email: string }, actor: string, options?: ErasureOptions): Promise<ErasureOutcome>;
  /** Releases modules and adapters in reverse order of creation; safe to call twice. */
  close(): Promise<void>;
}

export async function compose({
  config,
  logger,
  role,
  env = process.env,
  clock = systemClock,
  metrics = createMetrics({ defaultLabels: { role } }),
}: ComposeOptions): Promise<Composition> {
  const adapters = await createAdapters(config, role, logger);
  const { store, bus, search } = adapters;

  const adminPassword = resolveAdminPassword(config.adminPassword, config.dataDir);
  // Limit counters live in the store, so every api replica (and every process on one DATA_DIR) enforces one
  // limit together and a restart does not reset it. `isAdmin` is looked up late: admin auth takes the
  // site-wide budget of wrong guesses from here.
  const rateLimits = createStoreRateLimits({ store, clock, isAdmin: (ctx) => adminAuth.isAdmin(ctx) });
  const adminAuthLogger = logger.child({ component: 'admin-auth' });
  let budgetWarnedAt = Number.NEGATIVE_INFINITY;
  const adminAuth = createAdminAuth({
    password: adminPassword.password,
    logger: adminAuthLogger,
    sessions: createStoreAdminSessions({ store, clock, ttlMs: ADMIN_SESSION_TTL_MS }),
    throttle: createGuessThrottle({
      ledger: createStoreGuessLedger({ store, clock, name: 'admin.guesses' }),
      budget: rateLimits.create(ADMIN_GUESS_BUDGET),
      clock,
      onBudgetSpent: () => {
        // Once per window and process: every wrong guess after it would say the same.
        const now = clock.now().getTime();
        if (now - budgetWarnedAt < ADMIN_GUESS_BUDGET.windowMs) return;
        budgetWarnedAt = now;
        adminAuthLogger.warn(
          { budget: ADMIN_GUESS_BUDGET.limit, window_minutes: ADMIN_GUESS_BUDGET.windowMs / 60_000 },
          'wrong admin passwords have spent the site-wide budget: every address now waits a minute after each wrong guess',
        );
      },
    }),
    secureCookie: config.publicUrl.startsWith('https:'),
  });

  const deps: ModuleDeps = {
    store,
    bus,
    search,
    clock,
    logger,
    requireAdmin: adminAuth.requireAdmin,
    isAdmin: adminAuth.isAdmin,
    rateLimits,
    // One allowance per recipient mailbox for every module's public-form mail, counted in the store.
    mailboxCap: createStoreMailboxCap({ store, clock, ...mailboxCapFromEnv(env) }),
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    openMailer: adapters.openMailer,
    // Every module's mail is counted, sent and failed, under its own name.
    observeMailer: (name, mailer) => countedMailer(mailer, metrics, name),
  };

  const subscriptionsEnv = subscriptionsOptionsFromEnv(env);
  const supportEnv = supportOptionsFromEnv(env);
  const partnershipsEnv = partnershipsOptionsFromEnv(env);

  const events = createEventsModule(deps, {
    // Views are counted in memory between writes, so the event page never writes in its request.
    activityFlushMs: activityFlushMsFor(store.engine),
    // A new exchange-rates table: every indexed price is converted again (blue/green, one rebuilder at a time).
    onRatesChanged: () => projectors.rebuild(['events-search']),
    ...eventsOptionsFromEnv(env),
  });
  const subscriptions = createSubscriptionsModule(deps, {
    catalogue: {
      cityCoordinates: async (city, country) => {
        const found = await events.queries.cityCoordinates(city, country);
        return found ? { lat: found.latitude, lon: found.longitude } : null;
      },
      matching: (args) => events.queries.savedSearchMatches(args),
    },
    appName: config.appName,
    smtpUrl: config.smtpUrl,
    ...subscriptionsEnv,
  });
  const support = createSupportModule(deps, {
    appName: config.appName,
    smtpUrl: config.smtpUrl,
    ...supportEnv,
  });
  const partnerships = createPartnershipsModule(deps, {
    appName: config.appName,
    smtpUrl: config.smtpUrl,
    ...partnershipsEnv,
  });
  const reviews = createReviewsModule(deps, { events: { getById: (id) => events.queries.getById(id) } });
  const blog = createBlogModule(deps, { appName: config.appName, demoData: config.demoData });
  const modules: AppModule[] = [events, subscriptions, support, reviews, partnerships, blog];
  const createdSearchIndexes = new Set<string>();

  // Storage first, then each module's own init (which may read or seed what storage now holds). The
  // ingestion collections (checkpoints, quarantine, run log) are created here too: the worker loads the
  // bundled sample feeds through them, and every role then agrees on one schema.
  const closeAll = async () => {
    for (const module of [...modules].reverse()) await module.close?.();
    await bus.close();
    await search.close();
    await store.close();
  };
  try {
    await store.init([
      ...modules.flatMap((m) => m.collections),
      ...INGESTION_COLLECTIONS,
      effectClaimsCollection,
      adminSessionsCollection,
      rateLimitCountersCollection,
      mailboxCapCollection,
    ]);
    await bus.init([...new Set(modules.flatMap((m) => m.topics))]);
    for (const schema of modules.flatMap((m) => m.searchSchemas)) {
      if ((await search.init(schema)).created) createdSearchIndexes.add(schema.name);
    }
    for (const module of modules) await module.init?.();
  } catch (error) {
    // An unreachable engine or a failed migration: release what is open, so the process can exit cleanly.
    await closeAll().catch(() => undefined);
    throw error;
  }

  // Several workers may run: the one holding the store lease relays, the others stand by (decision 019).
  const relay = createOutboxRelay({
    outbox: store.outbox,
    bus,
    logger: logger.child({ component: 'outbox-relay' }),
    lease: createStoreLease({ store, name: 'outbox-relay' }),
  });
  const projectors = createProjectorRunner({
    bus,
    projectors: modules.flatMap((m) => m.projectors),
    logger: logger.child({ component: 'projectors' }),
    batchIntervalMs: config.projectorBatchMs,
    // One process rebuilds at a time: workers, `reindex` and `seed` (decision 019).
    rebuildLease: createStoreLease({ store, name: REBUILD_LEASE }),
  });
  // Read at scrape time from the shared store and bus, so any process (the api included) reports the
  // pipeline as a whole. Dead letters are read as counts per consumer group (on Kafka, only the records of
  // the dead-letter topic written since the last scrape); waiting consumers are this process's own.
  registerPipelineCollectors(metrics, {
    deadLetters: () => bus.deadLetters.counts(),
    waiting: () => bus.waiting(),
    outboxBacklog: async () => (await store.outbox.pending(OUTBOX_BACKLOG_CAP)).length,
    lag: {
      groups: modules
        .flatMap((m) => m.projectors)
        .map((projector) => ({ group: projectorGroup(projector), topics: projector.topics })),
      read: (group, topics) => bus.lag(group, topics),
    },
  });

  const erase = (subject: { email: string }, actor: string, options?: ErasureOptions) =>
    erasePerson(
      { modules, bus, logger: logger.child({ component: 'erasure' }), mailFolder: mailFolder(config.dataDir) },
      subject,
      actor,
      options,
    );

  let closing: Promise<void> | undefined;
  return {
    ...adapters,
    deps,
    adminPassword,
    adminAuth,
    events,
    blog,
    liveFeed: combineLiveFeeds([
      supportLiveFeed(support.live),
      supportPresenceFeed(support.presence),
      reviewsLiveFeed(reviews.live),
    ]),
    ticketAccess: support.live,
    presence: support.presence,
    ...(supportEnv.inboundSmtpPort !== undefined
      ? { startInboundMail: () => support.startInboundMail({ port: supportEnv.inboundSmtpPort! }) }
      : {}),
    modules,
    routers: [
      adminAuth.router,
      ...modules.flatMap((m) => m.routers),
      metricsRouter({ metrics, token: config.metricsToken, requireAdmin: adminAuth.requireAdmin }),
      erasureRouter({ requireAdmin: adminAuth.requireAdmin, erase: (request, actor) => erase(request, actor) }),
      // The API has no version scheme of its own yet; `1` moves on the first breaking change.
      apiDocumentRouter({ title: `${config.appName} API`, version: '1', serverUrl: config.publicUrl }),
    ],
    readiness: [
      { name: 'store', ping: () => store.ping() },
      { name: 'bus', ping: () => bus.ping() },
      { name: 'search', ping: () => search.ping() },
      // Mail written to files (no SMTP_URL): a folder this process cannot write sends nothing (the mailers wait).
      ...(config.smtpUrl ? [] : [{ name: 'mail', ping: () => probeWritableFolder(mailFolder(config.dataDir)) }]),
    ],
    relay,
    projectors,
    metrics,
    createdSearchIndexes,
    erase,
    close() {
      closing ??= closeAll();
      return closing;
    },
  };
}
