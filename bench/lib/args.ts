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

/** A `--name DIR` option naming a directory that must exist already (a seeded DATA_DIR), resolved; or undefined. */
export function existingDirArg(args: string[], name: string): string | undefined {
  const value = stringArg(args, name);
  if (value === undefined) return undefined;
  const dir = path.resolve(value);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`--${name} ${value}: no such directory`);
  return dir;
}
