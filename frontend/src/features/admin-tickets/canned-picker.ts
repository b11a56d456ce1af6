/** The reply box's `/` command: which canned replies match what follows the slash, and how one is filled in. */
import type { CannedReplyView as CannedReply } from '@evently/support/contracts';

/** The `/word` being typed at the caret (at the start of the box or after a space), or null. */
export function slashQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)\/([^\s/]*)$/.exec(before);
  if (!match) return null;
  return { start: before.length - match[2]!.length - 1, query: match[2]! };
}

export function matchingReplies<Reply extends Pick<CannedReply, 'title' | 'body'>>(
  replies: readonly Reply[],
  query: string,
): Reply[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...replies];
  return replies.filter(
    (reply) => reply.title.toLowerCase().includes(needle) || reply.body.toLowerCase().includes(needle),
  );
}

/** The same placeholders the server knows: `{{name}}` and `{{ticket_number}}`, spaces inside the braces allowed. */
export function fillCannedReply(body: string, values: { name: string; ticket_number: string }): string {
  return body.replace(/\{\{\s*(name|ticket_number)\s*\}\}/g, (_, key: 'name' | 'ticket_number') => values[key]);
}
