/**
 * Brings every projector to the end of the log after a bulk write (`npm run seed`), so what was written is
 * searchable when the command returns.
 *
 * A read-model projector whose search indexes are all empty (a first load) is replayed into a fresh copy
 * instead of catching up on the live one: the `rebuild` path loads the copy without secondary indexes, facet
 * triggers or full-text merges, builds them once at the end and swaps the copy in, several times faster
 * (docs/performance.md). The read model is the same: projectors are replayable by contract.
 * Side-effect consumers (mail, pushes) are never replayed; they consume their backlog as usual.
 *
 * On the embedded log the live consumer group itself replays (`throughLiveGroup`), so it ends at the log's
 * end instead of applying the whole log again after the swap. Only empty indexes, because that replay moves
 * the live group as it goes: killed half-way, it leaves the group past messages the live copy never
 * received. An empty live copy is safe (the worker rebuilds an empty index on its next start); a filled one
 * would keep the gap until a reindex. On Kafka a running worker may be a member of that group, whose offsets
 * Kafka will not move, so the replay runs beside it through its own group as every other rebuild does.
 * Either way under the rebuild lease: the seed waits while a worker rebuilds.
 */
import { projectorGroup } from '@evently/platform';
import type { Composition } from '../compose.ts';

/** Read-model projectors whose search indexes all hold nothing yet (a first load), with their backlogs. */
async function emptyReadModels(
  composition: Composition,
  topics?: string[],
): Promise<Array<{ name: string; backlog: number }>> {
  const found: Array<{ name: string; backlog: number }> = [];
  for (const projector of composition.modules.flatMap((m) => m.projectors)) {
    if (projector.sideEffects || !projector.searchIndexes?.length) continue;
    if (topics && !projector.topics.some((topic) => topics.includes(topic))) continue;
    let held = 0;
    for (const index of projector.searchIndexes) held += await composition.search.count(index, {}, { atMost: 1 });
    if (held > 0) continue;
    const lag = await composition.bus.lag(projectorGroup(projector), projector.topics);
    found.push({ name: projector.name, backlog: Object.values(lag).reduce((sum, n) => sum + n, 0) });
  }
  return found;
}

/**
 * Projectors whose search indexes hold nothing yet, safe to replay into fresh copies (see the header); only
 * those reading one of `topics` when given.
 */
export async function projectorsWithEmptyIndexes(composition: Composition, topics?: string[]): Promise<string[]> {
  return (await emptyReadModels(composition, topics)).map(({ name }) => name);
}

/** Projectors with a backlog whose search indexes hold nothing yet. */
async function projectorsToRebuild(composition: Composition): Promise<string[]> {
  return (await emptyReadModels(composition)).filter(({ backlog }) => backlog > 0).map(({ name }) => name);
}

/** Messages the projectors have yet to apply, summed over their consumer groups (a rebuilt one counts from zero). */
export async function messagesLeft(composition: Composition): Promise<number> {
  let left = 0;
  for (const projector of composition.modules.flatMap((m) => m.projectors)) {
    const lag = await composition.bus.lag(projectorGroup(projector), projector.topics);
    left += Object.values(lag).reduce((sum, n) => sum + n, 0);
  }
  return left;
}

/** Relays, rebuilds or catches up every projector, and returns the names of those rebuilt. */
export async function projectBacklog(composition: Composition): Promise<string[]> {
  const { relay, projectors } = composition;
  await relay.start();
  try {
    // The replay reads the bus, so everything committed must be on it first (a no-op on the embedded log).
    await relay.flush();
    const rebuilt = await projectorsToRebuild(composition);
    if (rebuilt.length > 0)
      await projectors.rebuild(rebuilt, { throughLiveGroup: composition.bus.engine === 'sqlite' });
    await projectors.start();
    await projectors.drained();
    await projectors.stop();
    await relay.flush();
    return rebuilt;
  } finally {
    await relay.stop();
  }
}
