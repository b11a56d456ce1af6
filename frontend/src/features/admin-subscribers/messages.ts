/** Spec 02 "Subscribers tab" and §8 "Admin alerts" for subscribers. */
export const SAVE_FAILED = 'Failed to save subscriber changes';
export const STATUS_FAILED = 'Failed to change subscriber status';
export const DELETE_FAILED = 'Failed to delete subscriber';
export const DIGEST_FAILED = 'Failed to send digest';
export const BATCH_FAILED = 'Failed to run digest batch';
export const LIST_FAILED = 'Failed to load subscribers list. Please retry.';
export const NOTHING_SENT = 'No suitable events found for this subscriber right now';
export const EMPTY_TEXT = 'No subscribers match the current filters';
export const SELECT_PROMPT = 'Select a subscriber to view and edit details';
export const DESCRIPTION =
  'Everyone who receives the weekly events digest. Filter the list, edit a subscriber’s city and radius, pause or resume their digest, or send one now.';

export function copyFallbackText(url: string): string {
  return `Could not copy the link automatically. Copy it from here: ${url}`;
}

export function batchResultText(result: { processed: number; sent: number; skipped: number }): string {
  return `Digest batch finished: ${result.processed} processed, ${result.sent} sent, ${result.skipped} skipped.`;
}
