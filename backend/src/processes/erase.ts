/**
 * `npm run erase -- --email <address> [--vacuum]`: erases one person's data (a right-to-erasure request) from
 * the store, the log and its dead letters, and waits for the search index to apply it (`erasure/erase-person.ts`).
 * Prints one line per step, the log search's progress while it runs, and a summary; the address itself is never
 * printed back or logged. `--vacuum` then rewrites the embedded file that holds the store and the log, so the
 * erased rows' bytes are gone rather than freed.
 */
import type { ErasureOutcome } from '../erasure/erase-person.ts';
import { erasureRequestSchema } from '../erasure/erasure-request.ts';
import { withComposition, writeLine, type OperatorCommandInput } from './operator-command.ts';
import { progressTicker } from './progress-ticker.ts';
import { UsageError } from './usage-error.ts';

export const ERASE_USAGE = 'Usage: erase --email <address> [--vacuum]';

export interface EraseCommand {
  email: string;
  /** Rewrite the embedded store's file afterwards so no freed bytes remain. */
  vacuum: boolean;
}

export function parseEraseArgs(args: string[]): EraseCommand {
  let email: string | undefined;
  let vacuum = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--vacuum' && !vacuum) vacuum = true;
    else if (arg.startsWith('--email=') && email === undefined) email = arg.slice('--email='.length);
    else if (arg === '--email' && email === undefined && args[index + 1] !== undefined) email = args[(index += 1)];
    else throw new UsageError(ERASE_USAGE);
  }
  if (email === undefined) throw new UsageError(ERASE_USAGE);
  const parsed = erasureRequestSchema.safeParse({ email });
  if (!parsed.success) throw new UsageError(`${parsed.error.issues[0]?.message ?? 'Invalid address'}\n${ERASE_USAGE}`);
  return { email: parsed.data.email, vacuum };
}

export function summarise(outcome: ErasureOutcome): string {
  const removed = Object.values(outcome.removed).reduce(
    (sum, kinds) => sum + Object.values(kinds).reduce((a, b) => a + b, 0),
    0,
  );
  return `erasure ${outcome.erasure_id}: ${removed} documents removed, ${outcome.log.redactedRecords} log records and ${outcome.log.redactedDeadLetters} dead letters redacted, ${outcome.log.tombstones} tombstones, ${outcome.mail_files} mail files removed${outcome.search_pending > 0 ? `, ${outcome.search_pending} messages waiting for a worker to reach the search index` : ''}`;
}

export async function runErase(input: OperatorCommandInput): Promise<void> {
  const command = parseEraseArgs(input.args);
  await withComposition(input, 'erase', async (composition) => {
    let searched: { done: number; total: number } | null = null;
    const ticker = progressTicker(async () => {
      if (searched) writeLine(`log: ${searched.done} of ${searched.total} records searched`);
    });
    try {
      if (command.vacuum && composition.bus.engine !== 'sqlite')
        writeLine(
          '--vacuum: the log is not embedded here; Kafka and MongoDB reclaim freed space themselves (decision 028)',
        );
      const outcome = await composition.erase({ email: command.email }, 'erase command', {
        compactLog: command.vacuum,
        progress: {
          step: writeLine,
          log: (done, total) => {
            searched = { done, total };
          },
        },
      });
      writeLine(summarise(outcome));
    } finally {
      ticker.stop();
    }
  });
}
