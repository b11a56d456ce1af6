/**
 * One business module on a real SQLite store and log (and search index when it declares search schemas),
 * served over real HTTP on 127.0.0.1 with its projectors running: the skeleton every module's integration
 * harness shares, so each harness only says how its module is built and what it exposes on top.
 */
import {
  effectClaimsCollection,
  type fixedClock,
  type AppModule,
  type ModuleDeps,
  type DocumentStore,
  type EventBus,
  type SearchIndex,
  createProjectorRunner,
  type ProjectorRunner,
} from '@evently/platform';
import { startEmbeddedDeps } from './embedded-deps.ts';
import { serveRouters } from './serve-routers.ts';

export { HARNESS_ADMIN_PASSWORD, HARNESS_PUBLIC_URL, HARNESS_START } from './embedded-deps.ts';

export interface ModuleHarnessOptions<M extends AppModule> {
  /** Prefix of the temporary data directory, e.g. `evently-support-`. */
  name: string;
  create(deps: ModuleDeps): M;
  /** Start the module's consumers (projectors and mailers); on by default. */
  runProjectors?: boolean;
  /** The topic `loggedMessages()` counts when called without one (the module's own). */
  topic?: string;
}

export interface ModuleHarness<M extends AppModule> {
  url: string;
  dir: string;
  store: DocumentStore;
  bus: EventBus;
  /** Only when the module declares search schemas. */
  search: SearchIndex | undefined;
  /** Started unless `runProjectors` is false. */
  runner: ProjectorRunner;
  module: M;
  clock: ReturnType<typeof fixedClock>;
  /** Messages on a topic so far (the embedded log is the outbox); the harness's `topic` unless told. */
  loggedMessages(topic?: string): Promise<number>;
  close(): Promise<void>;
}

export async function startModuleHarness<M extends AppModule>(
  options: ModuleHarnessOptions<M>,
): Promise<ModuleHarness<M>> {
  const embedded = await startEmbeddedDeps({ name: options.name });
  const { deps, store, bus, logger } = embedded;
  const module = options.create(deps);
  // As the backend composition does: side-effect consumers claim each effect in effect_claims.
  await store.init([effectClaimsCollection, ...module.collections]);
  await bus.init(module.topics);
  const search = module.searchSchemas.length > 0 ? embedded.search() : undefined;
  for (const schema of module.searchSchemas) await search?.init(schema);
  await module.init?.();
  const runner = createProjectorRunner({ bus, projectors: module.projectors, logger });
  if (options.runProjectors !== false) await runner.start();
  const served = await serveRouters(module.routers);
  return {
    url: served.url,
    dir: embedded.dir,
    store,
    bus,
    search,
    runner,
    module,
    clock: embedded.clock,
    async loggedMessages(topic = options.topic) {
      if (!topic) throw new Error('loggedMessages needs a topic: pass one, or start the harness with `topic`');
      // A group that never consumed lags by the whole topic.
      return (await bus.lag('test.count-only', [topic]))[topic] ?? 0;
    },
    async close() {
      await served.close();
      await runner.stop();
      await module.close?.();
      await embedded.close();
    },
  };
}
