import { statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from './run-bench.ts';

/** `--name value` command-line options with numeric defaults (bench scripts take only numbers and flags). */
export function numberArg(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(args[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`--${name} needs a positive number`);
  return value;
}

export const flagArg = (args: string[], name: string): boolean => args.includes(`--${name}`);

/** A `--name value` option that takes text (a path), or undefined when absent. */
export function stringArg(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (!value || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
  return value;
}

/**
 * `--name a,b`: some of `known` (a bench's query types), or null when the option is absent. A name not among
 * them is refused: a typo would otherwise run none of the types and print nothing of them.
 */
export function subsetArg(args: string[], name: string, known: readonly string[]): Set<string> | null {
  const value = stringArg(args, name);
  if (value === undefined) return null;
  const asked = value.split(',').filter((item) => item !== '');
  const unknown = asked.filter((item) => !known.includes(item));
  if (asked.length === 0 || unknown.length > 0)
    throw new UsageError(
      `--${name} ${value}: ${unknown.length > 0 ? `no ${unknown.join(', ')}; ` : ''}one or more of ${known.join(', ')}`,
    );
  return new Set(asked);
}

/** A `--name DIR` option naming a directory that must exist already (a seeded DATA_DIR), resolved; or undefined. */
export function existingDirArg(args: string[], name: string): string | undefined {
  const value = stringArg(args, name);
  if (value === undefined) return undefined;
  const dir = path.resolve(value);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`--${name} ${value}: no such directory`);
  return dir;
}
