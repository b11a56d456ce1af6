/**
 * What every suite on an engine in a container (MongoDB, Kafka, Elasticsearch through testcontainers) does
 * around its tests: report itself as skipped where no container runtime answers, and start the container
 * before its tests and stop it after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { hasContainerRuntime } from './container-runtime.ts';

/** Whether a container runtime answers; where none does, prints `skipped: no container runtime (<what>)`. */
export async function containerRuntimeFor(what: string): Promise<boolean> {
  const present = await hasContainerRuntime();
  if (!present) console.log(`skipped: no container runtime (${what})`);
  return present;
}

/**
 * The engine's container for the suite this is called in: started before its tests (a first pull may take
 * minutes), stopped after them. The answer reads it inside tests and hooks.
 */
export function containerPerSuite<C extends { stop(): Promise<unknown> }>(start: () => Promise<C>): () => C {
  let started: C | undefined;
  beforeAll(async () => {
    started = await start();
  }, 300_000);
  afterAll(async () => {
    await started?.stop();
  });
  return () => {
    if (!started) throw new Error('the container starts in beforeAll: read it inside a test or a hook');
    return started;
  };
}
