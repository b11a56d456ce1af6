import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_STORED_TOKENS, TOKENS_KEY, loadTicketToken, saveTicketToken } from './token-storage.ts';

describe('ticket token storage', () => {
  beforeEach(() => localStorage.clear());

  it('keeps tokens by ticket number in localStorage, whatever the case typed', () => {
    saveTicketToken('tt-2025-0001', 'secret-1');
    expect(JSON.parse(localStorage.getItem(TOKENS_KEY) ?? '{}')).toEqual({ 'TT-2025-0001': 'secret-1' });
    expect(loadTicketToken(' TT-2025-0001 ')).toBe('secret-1');
    expect(loadTicketToken('TT-2025-0002')).toBeUndefined();
  });

  it('replaces the token of a ticket opened again', () => {
    saveTicketToken('TT-2025-0001', 'old');
    saveTicketToken('TT-2025-0001', 'new');
    expect(loadTicketToken('TT-2025-0001')).toBe('new');
  });

  it('keeps only the newest tokens', () => {
    for (let index = 0; index < MAX_STORED_TOKENS + 5; index += 1) saveTicketToken(`TT-2025-${index}`, `t${index}`);
    const stored = JSON.parse(localStorage.getItem(TOKENS_KEY) ?? '{}') as Record<string, string>;
    expect(Object.keys(stored)).toHaveLength(MAX_STORED_TOKENS);
    expect(loadTicketToken('TT-2025-0')).toBeUndefined();
    expect(loadTicketToken(`TT-2025-${MAX_STORED_TOKENS + 4}`)).toBe(`t${MAX_STORED_TOKENS + 4}`);
  });

  it('survives a corrupt entry', () => {
    localStorage.setItem(TOKENS_KEY, '{not json');
    expect(loadTicketToken('TT-2025-0001')).toBeUndefined();
    saveTicketToken('TT-2025-0001', 'secret');
    expect(loadTicketToken('TT-2025-0001')).toBe('secret');
  });

  it('never writes anything but tokens (no password, no personal data)', () => {
    saveTicketToken('TT-2025-0001', 'secret');
    expect(Object.keys(localStorage)).toEqual([TOKENS_KEY]);
  });
});
