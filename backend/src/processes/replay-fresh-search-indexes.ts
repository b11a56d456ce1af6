/**
 * After the worker has started its live projectors: a search index that is new or empty while its projector's
 * offset may already be far along (the search file was lost, an Elasticsearch index was deleted, the schema
 * changed) would stay empty forever, since the projector believes it is caught up. Such projectors are
 * rebuilt: a replay from the start of the log into a fresh copy, beside the live projector, which keeps the
 * serving copy current meanwhile (projector-runner.ts). Checking emptiness as well as "created here" covers a
 * separate api process having created the index before this worker looked.
 *
 * A changed schema also reports "created": the serving copy is left as it is (every api replica runs the same
 * init, none of them touches it, and readers keep using the schema it was built with), and this rebuild fills
 * a copy with the new schema and swaps it in once it has caught up (decision 019).
 *
 * One process rebuilds at a time (the runner's rebuild lease): a second worker starting meanwhile waits for it
 * in the background instead of failing, then looks again and usually finds nothing left to do. The lease
 * holder also removes copies a crashed rebuild left behind, which nobody serves or builds.
 */
import type { Logger } from 'pino';
import { RebuildCancelledError, RebuildLeaseHeldError, type IndexSchema } from '@evently/platform';
import type { Composition } from '../compose.ts';

/** Projectors with an index that is missing, empty, or served with another schema than this code's. */
async function staleProjectors(
  composition: Composition,
  createdHere: ReadonlySet<string>,
  names?: string[],
): Promise<string[]> {
  const stale: string[] = [];
  for (const projector of composition.modules.flatMap((m) => m.projectors)) {
    if (names && !names.includes(projector.name)) continue;
    for (const index of projector.searchIndexes ?? []) {
      if (createdHere.has(index) || (await composition.search.count(index, {}, { atMost: 1 })) === 0) {
        stale.push(projector.name);
        break;
      }
    }
  }
  return stale;
}

/** Asks every index again (init is idempotent): which still differ from this code's schema or are missing. */
async function stillCreated(composition: Composition): Promise<Set<string>> {
  const created = new Set<string>();
  const schemas: IndexSchema[] = composition.modules.flatMap((m) => m.searchSchemas);
  for (const schema of schemas) if ((await composition.search.init(schema)).created) created.add(schema.name);
  return created;
}

/** Removes the copies nobody serves or builds; only for the holder of the rebuild lease. */
async function dropUnusedCopies(composition: Composition, logger: Logger): Promise<void> {
  for (const schema of composition.modules.flatMap((m) => m.searchSchemas)) {
    const dropped = await composition.search.dropUnusedCopies(schema.name);
    if (dropped.length > 0)
      logger.info({ index: schema.name, copies: dropped }, 'search index copies left by an unfinished rebuild removed');
  }
}

/** Rebuilds what needs it (waiting for another rebuilder if one runs) and answers the projectors rebuilt. */
export async function replayFreshSearchIndexes(composition: Composition, logger: Logger): Promise<string[]> {
  const stale = await staleProjectors(composition, composition.createdSearchIndexes);
  // Under the lease: tidy up, then look again, since another worker may have rebuilt while this one waited.
  const prepare = async (names: string[]): Promise<string[]> => {
    await dropUnusedCopies(composition, logger);
    return names.length === 0 ? [] : staleProjectors(composition, await stillCreated(composition), names);
  };
  try {
    if (stale.length === 0) {
      // Nothing to rebuild: only the tidying, and only if no other process is rebuilding (it tidies itself).
      await composition.projectors.rebuild([], { whenLeaseHeld: 'refuse', prepare });
      return [];
    }
    logger.info(
      { projectors: stale },
      'search index new, empty or with another schema: rebuilding it from the start of the log',
    );
    return await composition.projectors.rebuild(stale, { prepare });
  } catch (error) {
    if (error instanceof RebuildLeaseHeldError || error instanceof RebuildCancelledError) return [];
    throw error;
  }
}
