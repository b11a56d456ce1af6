/** Spec 02 §8 "Admin alerts" for tickets, and the panel's own wording. */
export const STATUS_FAILED = 'Failed to update ticket status';
export const REPLY_FAILED = 'Failed to send reply';
export const DELETE_FAILED = 'Failed to delete ticket';
export const NOTE_FAILED = 'Failed to save the internal note';
export const PRIORITY_FAILED = 'Failed to change the priority';
export const ASSIGN_FAILED = 'Failed to change who has the ticket';
export const LIST_FAILED =
  'Tickets could not be loaded. The two tickets below are samples that show what the queue looks like; they are not real requests.';
export const SELECT_PROMPT = 'Select a ticket to view details';
