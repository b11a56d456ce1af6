/**
 * The access tokens of tickets created (or opened from an e-mail link) in this browser, as a map from ticket
 * number to token in localStorage. A token only unlocks one ticket's conversation, never the admin panel; the
 * newest few are kept so the map cannot grow without bound.
 */
export const TOKENS_KEY = 'evently.support.tokens';
export const MAX_STORED_TOKENS = 20;

type TokenMap = Record<string, string>;

function read(storage: Storage): TokenMap {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TOKENS_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

function defaultStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can be switched off (privacy modes); the ticket still works, only without its conversation later.
    return undefined;
  }
}

export function normaliseTicketNumber(value: string): string {
  return value.trim().toUpperCase();
}

export function loadTicketToken(
  ticketNumber: string,
  storage: Storage | undefined = defaultStorage(),
): string | undefined {
  if (!storage) return undefined;
  return read(storage)[normaliseTicketNumber(ticketNumber)];
}

export function saveTicketToken(
  ticketNumber: string,
  token: string,
  storage: Storage | undefined = defaultStorage(),
): void {
  if (!storage || !token) return;
  const key = normaliseTicketNumber(ticketNumber);
  const entries = Object.entries(read(storage)).filter(([number]) => number !== key);
  entries.push([key, token]);
  try {
    storage.setItem(TOKENS_KEY, JSON.stringify(Object.fromEntries(entries.slice(-MAX_STORED_TOKENS))));
  } catch {
    // A full or refused storage only costs the convenience of reopening the conversation later.
  }
}
