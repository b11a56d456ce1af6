/**
 * `tsx backend/src/main.ts dead-letters list [group]` and `... dead-letters replay <id>`: the admin's view of
 * messages consumer groups gave up on (platform `bus/dead-letters.ts`).
 *
 * `replay` hands the message to the consumer that gave up on it, by group, in this process, after the cause
 * has been fixed (a deploy with the fixed schema, a corrected address); on success the dead letter is
 * removed, on failure it stays and the error is printed. A side-effect consumer (a mailer) is replayed
 * through the same handler, whose per-message claim (`doOnce`) keeps it at most once: a mail that was sent
 * before the failure is not sent again.
 */
import { projectorGroup, type EventBus, type Projector } from '@evently/platform';
import { withComposition, writeLine, type OperatorCommandInput } from './operator-command.ts';
import { UsageError } from './usage-error.ts';

export const DEAD_LETTERS_USAGE = 'Usage: dead-letters list [group] | dead-letters replay <id>';

export type DeadLettersCommand = { action: 'list'; group?: string } | { action: 'replay'; id: string };

export function parseDeadLettersArgs(args: string[]): DeadLettersCommand {
  const [action, argument, ...extra] = args;
  if (extra.length > 0) throw new UsageError(DEAD_LETTERS_USAGE);
  if (action === 'list') return argument === undefined ? { action } : { action, group: argument };
  if (action === 'replay' && argument) return { action, id: argument };
  throw new UsageError(DEAD_LETTERS_USAGE);
}

export async function executeDeadLetters(deps: {
  bus: EventBus;
  projectors: Projector[];
  command: DeadLettersCommand;
  write: (line: string) => void;
}): Promise<void> {
  const { bus, command, write } = deps;
  if (command.action === 'list') {
    const entries = await bus.deadLetters.list({ group: command.group, limit: 1000 });
    for (const entry of entries) {
      const m = entry.message;
      write(
        `${entry.id}  ${entry.failed_at}  ${entry.group}  ${m.topic} ${m.key}@${m.aggregate_version} ${m.type} (offset ${m.offset}, ${entry.attempts} attempts): ${entry.error}`,
      );
    }
    write(`${entries.length} dead letter${entries.length === 1 ? '' : 's'}`);
    return;
  }
  const entry = await bus.deadLetters.get(command.id);
  if (!entry) throw new UsageError(`No dead letter ${command.id}`);
  const consumer = deps.projectors.find((projector) => projectorGroup(projector) === entry.group);
  if (!consumer) throw new UsageError(`No consumer of group ${entry.group} in this build; the dead letter is kept`);
  await consumer.apply([entry.message]);
  await bus.deadLetters.remove(entry.id);
  write(`replayed ${entry.id} into ${entry.group} and removed it`);
}

export async function runDeadLetters(input: OperatorCommandInput): Promise<void> {
  const command = parseDeadLettersArgs(input.args);
  await withComposition(input, 'dead-letters', (composition) =>
    executeDeadLetters({
      bus: composition.bus,
      projectors: composition.modules.flatMap((m) => m.projectors),
      command,
      write: writeLine,
    }),
  );
}
