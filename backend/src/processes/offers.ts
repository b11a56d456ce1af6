/**
 * `tsx backend/src/main.ts offers list <eventId>` and `... offers split <eventId> [reason]`: the operator's
 * view of compare-offers groups (decision 022) without the admin HTTP API. `split` runs the events
 * module's own `splitOffer` command, so the decision is remembered exactly as `POST /api/admin/events/{id}/split`
 * remembers it; its messages go to the outbox and a running worker projects them.
 */
import type { EventsModule } from '@evently/events';
import { withComposition, writeLine, type OperatorCommandInput } from './operator-command.ts';
import { UsageError } from './usage-error.ts';

export const OFFERS_USAGE = 'Usage: offers list <eventId> | offers split <eventId> [reason]';

export type OffersCommand = { action: 'list'; id: string } | { action: 'split'; id: string; reason?: string };

export function parseOffersArgs(args: string[]): OffersCommand {
  const [action, id, ...rest] = args;
  if (!id) throw new UsageError(OFFERS_USAGE);
  if (action === 'list' && rest.length === 0) return { action, id };
  if (action === 'split') return rest.length > 0 ? { action, id, reason: rest.join(' ') } : { action, id };
  throw new UsageError(OFFERS_USAGE);
}

type OffersEvents = {
  commands: Pick<EventsModule['commands'], 'splitOffer'>;
  queries: Pick<EventsModule['queries'], 'getById' | 'canonicalRedirect'>;
};

export async function executeOffers(deps: {
  events: OffersEvents;
  command: OffersCommand;
  write: (line: string) => void;
}): Promise<void> {
  const { events, command, write } = deps;
  if (command.action === 'split') {
    const result = await events.commands.splitOffer(command.id, command.reason);
    // Mistakes are usage errors (exit 2), like an unknown dead letter: nothing was written.
    if (result.status === 'not_found') throw new UsageError(`No event ${command.id}`);
    if (result.status === 'not_linked') throw new UsageError(`Event ${command.id} is not linked with any other offer`);
    const rest = result.remaining_canonical_id
      ? `; the rest of its group lists as event ${result.remaining_canonical_id}`
      : '';
    write(`split event ${result.event_id} out of its group${rest}`);
    return;
  }
  // A linked id is listed through its canonical event, which is where its offers live.
  const redirect = await events.queries.canonicalRedirect(command.id);
  const event = await events.queries.getById(redirect?.id ?? command.id);
  if (!event) throw new UsageError(`No event ${command.id}`);
  if (redirect) write(`event ${command.id} is linked into event ${event.id}`);
  write(`event ${event.id}  ${event.name}  ${event.offer_count} offer${event.offer_count === 1 ? '' : 's'}`);
  for (const offer of event.offers) {
    write(`  ${offer.id}  ${offer.seller}  ${offer.price_text || 'Price TBA'}  ${offer.purchase_url ?? '-'}`);
  }
}

export async function runOffers(input: OperatorCommandInput): Promise<void> {
  const command = parseOffersArgs(input.args);
  await withComposition(input, 'offers', (composition) =>
    executeOffers({ events: composition.events, command, write: writeLine }),
  );
}
