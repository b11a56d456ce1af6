/**
 * What `init` and `beginRebuild` decide about the concrete indices behind an alias, kept pure so each case is
 * unit-tested. The rules that make set-up safe when every api replica and worker starts at once:
 * - only a missing alias leads to creating an index, and creation is create-if-absent (a replica that loses
 *   the race sees `resource_already_exists_exception` and uses the winner's index);
 * - a changed schema never touches the serving copy: the caller replays its source into a new copy
 *   (`beginRebuild`), which the alias swaps to once it has caught up;
 * - nothing the alias points at is ever deleted; the other copies are left by a crashed or superseded rebuild
 *   (their commit would fail the swap's compare-and-set anyway), and the holder of the rebuild lease, the
 *   only process that builds, removes them.
 */
import { versionOf, versionedName } from './es-mapping.ts';

export type InitDecision =
  /** No alias yet: create `<alias>_v1` with the alias in the same request. */
  | { action: 'create'; index: string }
  /** The serving copy has this schema. */
  | { action: 'keep' }
  /** The serving copy has another schema: keep serving it and ask the caller to rebuild. */
  | { action: 'rebuild' };

export function initDecision(
  alias: string,
  current: string | null,
  storedSchema: string | undefined,
  wanted: string,
): InitDecision {
  if (current === null) return { action: 'create', index: versionedName(alias, 1) };
  return storedSchema === wanted ? { action: 'keep' } : { action: 'rebuild' };
}

/** Concrete copies of `alias` among index names (`<alias>_v<N>`), ignoring other indices. */
function copiesOf(alias: string, indices: string[]): Array<{ name: string; version: number }> {
  const pattern = new RegExp(`^${alias}_v\\d+$`);
  return indices.filter((name) => pattern.test(name)).map((name) => ({ name, version: versionOf(alias, name) }));
}

/** Above every copy that exists, so a new rebuild never reuses the name of one in progress or left behind. */
export function nextCopyName(alias: string, indices: string[]): string {
  const highest = Math.max(0, ...copiesOf(alias, indices).map((copy) => copy.version));
  return versionedName(alias, highest + 1);
}

/** Every copy but the live one: older ones are never served again, others were left by unfinished rebuilds. */
export function unusedCopies(alias: string, indices: string[], live: string): string[] {
  return copiesOf(alias, indices)
    .filter((copy) => copy.name !== live)
    .map((copy) => copy.name);
}
