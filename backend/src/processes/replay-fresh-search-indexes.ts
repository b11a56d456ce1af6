/**
 * Before the worker starts its projectors: a search index that is new or empty while its projector's offset
 * may already be far along (the search file was lost, an Elasticsearch index was deleted, the schema changed)
 * would stay empty forever, since the projector believes it is caught up. Such projectors are replayed from
 * the start of the log first. Checking emptiness as well as "created here" covers a separate api process
 * having created the index before this worker looked.
 *
 * A changed schema also reports "created": the serving copy is left as it is (every api replica runs the same
 * init, none of them touches it), and this replay is the blue/green rebuild that fills a copy with the new
 * schema and swaps the alias once it has caught up (decision 019).
 */
import type { Logger } from 'pino';
import type { Composition } from '../compose.ts';

export async function replayFreshSearchIndexes(composition: Composition, logger: Logger): Promise<string[]> {
  const stale: string[] = [];
  for (const projector of composition.modules.flatMap((m) => m.projectors)) {
    for (const index of projector.searchIndexes ?? []) {
      if (composition.createdSearchIndexes.has(index) || (await composition.search.count(index, {})) === 0) {
        stale.push(projector.name);
        break;
      }
    }
  }
  if (stale.length === 0) return stale;
  logger.info({ projectors: stale }, 'search index new or empty: replaying its projectors from the start of the log');
  await composition.projectors.rebuild(stale);
  return stale;
}
