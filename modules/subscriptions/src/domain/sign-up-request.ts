/**
 * A sign-up waiting for the owner of the address to follow the mailed link (double opt-in). Until then it
 * changes nothing on the subscriber: a stranger's sign-up of a known address neither reactivates it nor
 * renames it. The name asked for is applied only when this request is confirmed.
 */
export interface SignUpRequest {
  subscriber_id: string;
  /** The secret in the confirmation link (see `newConfirmToken`). */
  token: string;
  /** The name typed into the form; never put into mail before confirmation. */
  name: string | null;
  requested_at: string;
  expires_at: string;
  confirmed_at: string | null;
  /** When the confirmation mail went out; null if it was not sent (e.g. the recipient's daily cap). */
  mailed_at: string | null;
}

/** A confirmation link works this long; a later sign-up sends a fresh one. */
export const SIGN_UP_REQUEST_TTL_MS = 7 * 86_400_000;

export function isExpired(request: Pick<SignUpRequest, 'expires_at'>, now: Date): boolean {
  return request.expires_at <= now.toISOString();
}
