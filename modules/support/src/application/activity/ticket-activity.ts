/** Writing and reading a ticket's timeline rows (domain/activity.ts). */
import type { DocumentReader, DocumentTransaction } from '@evently/platform';
import type { ActivityView } from '../../contracts/ticket-answers.ts';
import type { ActivityEntry } from '../../domain/activity.ts';
import { activityCollection } from '../../infra/collections.ts';

/** The timeline keeps its most recent entries; a ticket with more is a conversation gone wrong anyway. */
const MAX_ACTIVITY = 500;

/** Orders the timeline: several entries share a millisecond (a reply and the status change it causes). */
const ACTIVITY_COUNTER = 'support-activity';

export async function recordActivity(tx: DocumentTransaction, entry: ActivityEntry): Promise<void> {
  await activityCollection.insert(tx, {
    ...entry,
    seq: await tx.nextCounter(ACTIVITY_COUNTER),
  });
}

export async function ticketActivity(reader: DocumentReader, ticketId: string): Promise<ActivityView[]> {
  const rows = await activityCollection.find(reader, {
    where: { ticket_id: ticketId },
    sort: [{ field: 'seq', direction: 'asc' }],
    limit: MAX_ACTIVITY,
  });
  return rows.map(({ kind, actor, at, from, to, message_index, detail }) => ({
    kind,
    actor,
    at,
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(message_index !== undefined ? { message_index } : {}),
    ...(detail !== undefined ? { detail } : {}),
  }));
}

export async function deleteActivity(tx: DocumentTransaction, ticketId: string): Promise<void> {
  for (;;) {
    const rows = await activityCollection.find(tx, { where: { ticket_id: ticketId }, limit: 200 });
    if (rows.length === 0) return;
    for (const row of rows) await activityCollection.delete(tx, row.id);
  }
}
