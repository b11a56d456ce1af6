/**
 * What the operator's one-off commands (`offers`, `dead-letters`, `erase`) share: their input from `main`, a
 * line of output on stdout (logs go to stderr), and a composition that is closed however the command ends.
 */
import type { Logger } from 'pino';
import { compose, type Composition } from '../compose.ts';
import type { Config } from '../config.ts';

export interface OperatorCommandInput {
  config: Config;
  logger: Logger;
  /** The words after the role, e.g. `list 42`. */
  args: string[];
}

export const writeLine = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** Composes the app for `role`, runs `work` on it and closes it, also when `work` throws. */
export async function withComposition<T>(
  { config, logger }: Pick<OperatorCommandInput, 'config' | 'logger'>,
  role: string,
  work: (composition: Composition) => Promise<T>,
): Promise<T> {
  const composition = await compose({ config, logger, role });
  try {
    return await work(composition);
  } finally {
    await composition.close();
  }
}
