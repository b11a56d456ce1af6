/** `--name value` command-line options with numeric defaults (bench scripts take only numbers and flags). */
export function numberArg(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(args[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

export const flagArg = (args: string[], name: string): boolean => args.includes(`--${name}`);

/** A `--name value` option that takes text (a path), or undefined when absent. */
export function stringArg(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (!value || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}
