/** What the mail consumers need beyond the shared context. */
import type { Mailer } from '@evently/platform';
import type { SupportContext } from '../context.ts';

export interface SupportMailContext extends SupportContext {
  mailer: Mailer;
}

/** A stable Message-ID per bus message, so a mail can be traced back to the change that caused it. */
export function mailMessageId(kind: string, busMessageId: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `<support-${kind}-${busMessageId}@${host}>`;
}
