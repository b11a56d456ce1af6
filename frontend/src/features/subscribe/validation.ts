/** Spec 01 §5 "Subscription"; the payload of spec 01 §3 is the server's (`@evently/subscriptions/contracts`). */
import { INVALID_EMAIL_MESSAGE, PLACE_REQUIRED_MESSAGE, type SignUpBody } from '@evently/subscriptions/contracts';

export interface SubscribeForm {
  email: string;
  name: string;
  country: string;
  city: string;
}

/** The server answers a bypassed form with these same words. */
export const INVALID_EMAIL = INVALID_EMAIL_MESSAGE;
export const LOCATION_REQUIRED = PLACE_REQUIRED_MESSAGE;

/**
 * The spec's loose pattern (text, at sign, text, dot, text) without the characters no plain address has: the
 * server takes a bare addr-spec only, so `Ana <ana@x.example>` gets the form's own message here at once.
 */
const LOOSE_EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export type ValidationResult = { ok: true; payload: SignUpBody } | { ok: false; message: string };

export function validateSubscription(form: SubscribeForm): ValidationResult {
  const email = form.email.trim();
  if (!LOOSE_EMAIL.test(email)) return { ok: false, message: INVALID_EMAIL };
  const country = form.country.trim();
  const city = form.city.trim();
  if (!country || !city) return { ok: false, message: LOCATION_REQUIRED };
  const name = form.name.trim();
  return { ok: true, payload: { email, name: name ? name : null, country, city } };
}

export const SUBSCRIBE_SUCCESS_INLINE = "Subscribed! We'll send weekly events for your city.";
export const SUBSCRIBE_SUCCESS_TOAST = "You're subscribed! Check your inbox for our confirmation email.";

/**
 * The spec's success texts say "Subscribed!", yet nothing is sent before the address is confirmed (double
 * opt-in): this line says what is left to do, in the words of the confirmation mail and page.
 */
export function confirmStepText(email: string): string {
  return `One more step: we've e-mailed a link to ${email}. Open it and press Confirm, and the weekly digest starts; without it, we send nothing.`;
}
export const SUBSCRIBE_SERVER_FALLBACK = 'Subscription failed. Please try again later.';
export const SUBSCRIBE_NETWORK_ERROR = 'Network error. Please try again.';

/** Spec 01 §8: the server's message or error text, else the fallback; no answer at all is a network error. */
export function subscriptionErrorMessage(error: unknown): string {
  const failure = error as { status?: unknown; data?: unknown } | null;
  // Only an HTTP status means the server answered; FETCH_ERROR, TIMEOUT_ERROR or a thrown error mean it did not.
  if (!failure || typeof failure.status !== 'number') return SUBSCRIBE_NETWORK_ERROR;
  const body = failure.data as { message?: unknown; error?: unknown } | null | undefined;
  const text = [body?.message, body?.error].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return text ?? SUBSCRIBE_SERVER_FALLBACK;
}
