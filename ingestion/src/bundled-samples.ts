/**
 * The bundled sample feeds (a few hundred events in each format) go in on a fresh data directory through the
 * same pipeline as live feeds: the file source, the normalisers, the events module's commands. "Fresh" is
 * read from our own checkpoint, so a second start does nothing and a start killed halfway resumes.
 */
import { BUNDLED_SAMPLES_DIR } from './bundled-samples-dir.ts';
import { createCheckpointRepository } from './runner/checkpoint-repository.ts';
import { runSource, type RunnerDeps, type SourceRunResult } from './runner/run-source.ts';
import { createFileSource } from './sources/file/file-source.ts';

export async function ingestBundledSamplesIfFresh(
  deps: RunnerDeps,
  options: { dir?: string; signal?: AbortSignal } = {},
): Promise<SourceRunResult | null> {
  const source = createFileSource({ paths: [options.dir ?? BUNDLED_SAMPLES_DIR] });
  const checkpoints = createCheckpointRepository(deps.store);
  const scopes = source.scopes();
  const states = await Promise.all(scopes.map((scope) => checkpoints.load(source.name, scope.key)));
  if (states.every((state) => state?.last_completed_at)) return null;
  const result = await runSource(deps, source, options.signal ? { signal: options.signal } : {});
  deps.logger.info(
    { status: result.status, counts: result.counts, durationMs: result.durationMs },
    'bundled sample feeds ingested',
  );
  return result;
}
