import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPresence, presenceOn } from './presence.ts';

const LATER = '2999-01-01T00:00:00.000Z';

afterEach(() => {
  vi.useRealTimers();
});

describe('presence on the support desk', () => {
  it('announces the open ticket, typing and its end, and again on reconnect', () => {
    vi.useFakeTimers();
    const presence = createPresence();
    const sent: unknown[] = [];
    presence.view('TT-2025-0001');
    presence.connected((event, payload) => sent.push([event, payload]));
    presence.typed();
    presence.typed();
    vi.advanceTimersByTime(3_000);
    presence.connected((event, payload) => sent.push([event, payload]));
    expect(sent).toEqual([
      ['presence', { ticket_number: 'TT-2025-0001', state: 'viewing' }],
      ['presence', { ticket_number: 'TT-2025-0001', state: 'typing' }],
      ['presence', { ticket_number: 'TT-2025-0001', state: 'viewing' }],
      ['presence', { ticket_number: 'TT-2025-0001', state: 'viewing' }],
    ]);
  });

  it('renews while a ticket is open, at the pace the server asks', () => {
    vi.useFakeTimers();
    const presence = createPresence();
    const sent: unknown[] = [];
    presence.connected((event, payload) => sent.push([event, payload]));
    presence.receivedSnapshot({ renew_ms: 5_000, tickets: [] });
    presence.view('TT-2025-0002');
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(4);
    presence.view(null);
    vi.advanceTimersByTime(10_000);
    expect(sent.at(-1)).toEqual(['presence', { ticket_number: null, state: 'viewing' }]);
    expect(sent).toHaveLength(5);
  });

  it('lists the others on a ticket, without this agent, and forgets a ticket nobody is on', () => {
    const presence = createPresence();
    presence.receivedSnapshot({
      renew_ms: 15_000,
      self: 'session:ana',
      tickets: [
        {
          ticket_number: 'TT-2025-0001',
          agents: [
            { agent_id: 'session:ana', agent: 'Ana', state: 'viewing', expires_at: LATER },
            { agent_id: 'session:bo', agent: 'Bo', state: 'typing', expires_at: LATER },
          ],
        },
      ],
    });
    expect(presenceOn(presence.snapshot(), 'TT-2025-0001')).toEqual({ viewers: ['Bo'], typing: ['Bo'] });
    expect(presenceOn(presence.snapshot(), 'TT-2025-0001', Date.parse('3000-01-01T00:00:00.000Z'))).toEqual({
      viewers: [],
      typing: [],
    });
    presence.receivedTicket({ ticket_number: 'TT-2025-0001', agents: [] });
    expect(presenceOn(presence.snapshot(), 'TT-2025-0001')).toEqual({ viewers: [], typing: [] });
  });

  it('leaves out only its own session: other agents with the same name (both unnamed) are shown, told apart', () => {
    const presence = createPresence();
    const unnamed = (id: string, state: string) => ({ agent_id: id, agent: 'Support team', state, expires_at: LATER });
    presence.receivedSnapshot({
      renew_ms: 15_000,
      self: 'session:me',
      tickets: [
        {
          ticket_number: 'TT-2025-0001',
          agents: [unnamed('session:me', 'viewing'), unnamed('connection:x', 'typing')],
        },
      ],
    });
    expect(presenceOn(presence.snapshot(), 'TT-2025-0001')).toEqual({
      viewers: ['Support team'],
      typing: ['Support team'],
    });
    presence.receivedTicket({
      ticket_number: 'TT-2025-0001',
      agents: [unnamed('session:me', 'viewing'), unnamed('connection:x', 'typing'), unnamed('session:y', 'viewing')],
    });
    expect(presenceOn(presence.snapshot(), 'TT-2025-0001')).toEqual({
      viewers: ['Support team', 'Support team (2)'],
      typing: ['Support team'],
    });
  });
});
