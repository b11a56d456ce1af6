/**
 * A hint that this tab logged in, so a reload shows "Checking session..." rather than flashing the login card.
 * It is never the proof: the HttpOnly session cookie is, checked by GET /api/support/admin/session. The
 * password itself is never stored anywhere in the browser.
 */
export const ADMIN_FLAG_KEY = 'evently.admin';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function markLoggedIn(): void {
  try {
    storage()?.setItem(ADMIN_FLAG_KEY, '1');
  } catch {
    // Only a hint; losing it costs nothing.
  }
}

export function clearLoggedIn(): void {
  try {
    storage()?.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // Only a hint.
  }
}

export function wasLoggedIn(): boolean {
  try {
    return storage()?.getItem(ADMIN_FLAG_KEY) === '1';
  } catch {
    return false;
  }
}
