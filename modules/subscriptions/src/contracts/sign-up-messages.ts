/**
 * The sign-up form's words for a refused address or place: the server answers a bypassed form with them and
 * the client's own check shows them, so both read the same. Kept apart from the schemas so the browser can
 * take the words without zod.
 */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email.';
export const PLACE_REQUIRED_MESSAGE = 'Country and City are required.';
