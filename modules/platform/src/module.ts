/**
 * The shape every business module presents to the composition root (`backend/src/compose.ts`). A module is
 * built by its own `create<Name>Module(deps)` and exposes only what the root needs to wire it: storage it
 * declares, topics it publishes, projectors and schedulers to run in the worker, and HTTP routes for the api.
 */
import type { Context, Middleware } from 'koa';
import type Router from '@koa/router';
import type { Logger } from 'pino';
import type { DocumentStore, CollectionSpec } from './store/document-store.port.ts';
import type { EventBus } from './bus/event-bus.port.ts';
import type { SearchIndex, IndexSchema } from './search/search-index.port.ts';
import type { Projector } from './projections/projector.ts';
import type { Clock } from './clock/clock.ts';
import type { RateLimits } from './http/rate-limit.ts';
import type { MailboxCap, Mailer, OpenMailer } from './mail/mailer.port.ts';
import type { ErasureSubject, ModuleErasure } from './erasure/person-erasure.ts';

export interface ModuleDeps {
  store: DocumentStore;
  bus: EventBus;
  search: SearchIndex;
  clock: Clock;
  logger: Logger;
  /** Koa middleware that answers 401 unless the request carries the admin credential. */
  requireAdmin: Middleware;
  /**
   * Whether a request carries the admin credential, for routes that serve visitors and admins alike (a ticket
   * answered in full to an admin). Absent (module tests) means no request is an admin.
   */
  isAdmin?: (ctx: Context) => Promise<boolean>;
  /**
   * Rate limits whose counters all processes share (in the store). The composition always sets it; module
   * harnesses may leave it out and get store-backed limits on `store` through `rateLimitsFor(deps)`.
   */
  rateLimits?: RateLimits;
  /**
   * The per-mailbox allowance every module's public-form mail goes through (counts in the store). The
   * composition always sets it; module harnesses may leave it out and get one on `store` through `mailboxCapFor(deps)`.
   */
  mailboxCap?: MailboxCap;
  /** Public base URL of the site, e.g. `http://localhost:3000` (used in e-mails and links). */
  publicUrl: string;
  /** Directory for the embedded profile's files (`DATA_DIR`). */
  dataDir: string;
  /** Opens a mailer on the mail adapter the composition picked; modules reach it through `createModuleMailer`. */
  openMailer: OpenMailer;
  /** Wraps each module's mailer (the backend counts sent and failed mail); absent in module tests. */
  observeMailer?: (module: string, mailer: Mailer) => Mailer;
}

/** A recurring job run by the worker process (e.g. the weekly digest). */
export interface Scheduler {
  name: string;
  start(): void;
  stop(): Promise<void>;
}

export interface AppModule {
  name: string;
  collections: CollectionSpec[];
  topics: string[];
  searchSchemas: IndexSchema[];
  projectors: Projector[];
  schedulers: Scheduler[];
  /** Mounted under the api; each router carries its own `/api/...` prefixes. */
  routers: Router[];
  /**
   * Removes everything the module keeps about the person with this address, through its own commands (the
   * log announces each removal), and reports what it removed. Modules that keep no personal data leave it out.
   */
  erasePerson?(subject: ErasureSubject): Promise<ModuleErasure>;
  /** Runs after storage, bus and search are initialised (e.g. load bundled data); idempotent. */
  init?(): Promise<void>;
  close?(): Promise<void>;
}
