/**
 * The team's saved answers. A body may say `{{name}}` and `{{ticket_number}}`; rendering fills them from the
 * ticket. Pure, so the panel can preview a reply with the same function the server uses.
 */
export interface CannedReply {
  title: string;
  body: string;
  /** The title case-folded: two replies with one title would be one too many to pick from. */
  title_key: string;
  updated_by: string;
}

export const CANNED_REPLY_PLACEHOLDERS = ['name', 'ticket_number'] as const;

export interface CannedReplyValues {
  name: string;
  ticket_number: string;
}

/** Fills the known placeholders (spaces inside the braces allowed); anything else in braces stays as written. */
export function renderCannedReply(body: string, values: CannedReplyValues): string {
  return body.replace(/\{\{\s*(name|ticket_number)\s*\}\}/g, (_, key: keyof CannedReplyValues) => values[key]);
}

export const cannedTitleKey = (title: string) => title.trim().toLowerCase();
