/**
 * What the `ingest` role (`npm run ingest`) boots: the backend's own composition (the same adapters for the
 * same environment, every module, the ingestion collections), so a CLI run cannot drift
 * from the processes. On the embedded profile it also runs the outbox relay and the projectors, so the run's
 * events are searchable before the CLI exits; in production the `worker` process does that.
 */
import type { Logger } from 'pino';
import { eventsWriterFrom, type EventsWriter } from '@evently/ingestion';
import { createProjectorRunner, type Delivered, type Projector } from '@evently/platform';
import { compose, type Composition } from '../compose.ts';
import { loadConfig } from '../config.ts';

export interface BackendRuntime {
  composition: Composition;
  writer: EventsWriter;
  /** True when this process projects what it writes (embedded store and bus). */
  projecting: boolean;
  /** Resolves once everything committed so far is projected (no-op when not projecting). */
  drained(): Promise<void>;
  close(): Promise<void>;
}

export async function openBackendRuntime(options: {
  env?: Record<string, string | undefined>;
  logger: Logger;
  /** Called after a projector applied a batch (the benchmark measures projection lag with it). */
  onProjected?: (batch: Delivered[]) => void;
}): Promise<BackendRuntime> {
  const env = options.env ?? process.env;
  const composition = await compose({ config: loadConfig(env), logger: options.logger, role: 'ingestion', env });
  const projecting = composition.store.engine === 'sqlite' && composition.bus.engine === 'sqlite';
  const onProjected = options.onProjected;
  const observed = composition.modules
    .flatMap((module) => module.projectors)
    .map((projector): Projector =>
      onProjected
        ? {
            ...projector,
            async apply(batch) {
              await projector.apply(batch);
              onProjected(batch);
            },
          }
        : projector,
    );
  // Same projector names, so the same durable consumer groups as the worker's runner.
  const projectors = projecting
    ? createProjectorRunner({
        bus: composition.bus,
        projectors: observed,
        logger: options.logger.child({ component: 'projectors' }),
      })
    : null;
  if (projecting) composition.relay.start();
  await projectors?.start();

  let closing: Promise<void> | undefined;
  return {
    composition,
    writer: eventsWriterFrom(composition.events),
    projecting,
    async drained() {
      if (!projectors) return;
      await composition.relay.flush();
      await projectors.drained();
    },
    close() {
      closing ??= (async () => {
        await projectors?.stop();
        if (projecting) await composition.relay.stop();
        await composition.close();
      })();
      return closing;
    },
  };
}
