/** Texts of the Partnerships tab; the panel's other tabs word their failures the same way (spec 02 §8). */
export const LIST_FAILED = 'Failed to load partnership requests. Please retry.';
export const STATUS_FAILED = 'Failed to update the request';
export const DELETE_FAILED = 'Delete failed';
export const EMPTY_LIST = 'No partnership requests yet';
export const SELECT_PROMPT = 'Select a request to view details';
