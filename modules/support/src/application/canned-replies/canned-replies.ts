/** The team's saved answers: listed by title, added, changed and removed by any agent. */
import { UniqueConstraintError, withVersionRetry, type Stored } from '@evently/platform';
import type { CannedReplyInput, CannedReplyView } from '../../contracts/canned-reply.ts';
import { cannedTitleKey, type CannedReply } from '../../domain/canned-reply.ts';
import { cannedRepliesCollection } from '../../infra/collections.ts';
import type { SupportContext } from '../context.ts';
import { agentSignature } from '../commands/change-status/change-status.ts';

export type CannedWriteResult =
  { status: 'saved'; reply: CannedReplyView } | { status: 'not_found' } | { status: 'duplicate_title' };

/** A desk keeps a few dozen; the cap keeps a runaway script from making the list unusable. */
export const MAX_CANNED_REPLIES = 500;

const view = ({ id, title, body, updated_by, created_at, updated_at }: Stored<CannedReply>): CannedReplyView => ({
  id,
  title,
  body,
  updated_by,
  created_at,
  updated_at,
});

export async function listCannedReplies(ctx: SupportContext): Promise<CannedReplyView[]> {
  const rows = await cannedRepliesCollection.find(ctx.store, {
    sort: [{ field: 'title_key', direction: 'asc' }],
    limit: MAX_CANNED_REPLIES,
  });
  return rows.map(view);
}

export async function getCannedReply(ctx: SupportContext, id: string): Promise<CannedReplyView | null> {
  const row = await cannedRepliesCollection.get(ctx.store, id);
  return row ? view(row) : null;
}

async function savingTitle<T>(write: () => Promise<T>): Promise<T | { status: 'duplicate_title' }> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintError) return { status: 'duplicate_title' };
    throw error;
  }
}

export function createCannedReply(
  ctx: SupportContext,
  input: CannedReplyInput,
  agentName: string | null,
): Promise<CannedWriteResult> {
  return savingTitle(async () => {
    const row = await ctx.store.transaction((tx) =>
      cannedRepliesCollection.insert(tx, {
        ...input,
        title_key: cannedTitleKey(input.title),
        updated_by: agentSignature(agentName),
      }),
    );
    return { status: 'saved' as const, reply: view(row) };
  });
}

export function updateCannedReply(
  ctx: SupportContext,
  id: string,
  input: CannedReplyInput,
  agentName: string | null,
): Promise<CannedWriteResult> {
  return savingTitle(() =>
    withVersionRetry(() =>
      ctx.store.transaction(async (tx): Promise<CannedWriteResult> => {
        const row = await cannedRepliesCollection.get(tx, id);
        if (!row) return { status: 'not_found' };
        const updated = await cannedRepliesCollection.update(tx, id, row.version, {
          ...input,
          title_key: cannedTitleKey(input.title),
          updated_by: agentSignature(agentName),
        });
        return { status: 'saved', reply: view(updated) };
      }),
    ),
  );
}

export function deleteCannedReply(ctx: SupportContext, id: string): Promise<boolean> {
  return ctx.store.transaction((tx) => cannedRepliesCollection.delete(tx, id));
}
