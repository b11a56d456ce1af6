/** Agents' presence records: one per connection, merged per agent, renewed without messages, expired when not renewed. */
import { describe, expect, it } from 'vitest';
import { collectMessages } from '@evently/platform/testing';
import { SUPPORT_PRESENCE_TOPIC } from '../../contracts/presence.ts';
import { PRESENCE_TTL_MS } from '../../domain/presence.ts';
import { supportHarnessPerTest, type SupportHarness } from '../../testing/support-harness.ts';

let h: SupportHarness;
supportHarnessPerTest((started) => {
  h = started;
});

const RITA = { id: 'session:rita', name: 'Rita' };
const JOE = { id: 'session:joe', name: 'Joe' };
const T1 = 'TT-2026-0001';
const T2 = 'TT-2026-0002';

describe('agent presence', () => {
  it("merges an agent's tabs, announces changes once, and lets a renewal pass without a message", async () => {
    const presence = h.module.presence;
    await presence.announce('tab-1', RITA, { ticket_number: T1, state: 'viewing' });
    await presence.announce('tab-2', RITA, { ticket_number: T1, state: 'typing' });
    await presence.announce('tab-3', JOE, { ticket_number: T1, state: 'viewing' });
    await presence.announce('tab-3', JOE, { ticket_number: T1, state: 'viewing' });
    const messages = await collectMessages(h.bus, [SUPPORT_PRESENCE_TOPIC]);
    expect(messages).toHaveLength(3);
    expect(await presence.presenceFor(messages.at(-1)!)).toMatchObject({
      ticket_number: T1,
      agents: [
        { agent: 'Joe', state: 'viewing' },
        { agent: 'Rita', state: 'typing' },
      ],
    });

    // Moving to another ticket tells both tickets' viewers; leaving tells the last one.
    await presence.announce('tab-3', JOE, { ticket_number: T2, state: 'viewing' });
    await presence.leave('tab-2');
    const snapshot = await presence.snapshot();
    expect(
      snapshot.tickets.map((ticket) => [
        ticket.ticket_number,
        ticket.agents.map((agent) => `${agent.agent}:${agent.state}`),
      ]),
    ).toEqual([
      [T1, ['Rita:viewing']],
      [T2, ['Joe:viewing']],
    ]);
    expect(
      JSON.stringify((await collectMessages(h.bus, [SUPPORT_PRESENCE_TOPIC])).map((message) => message.data)),
    ).not.toMatch(/Rita|Joe/);
  });

  it("tells apart agents who share a name (both unnamed) and still merges one agent's tabs", async () => {
    const presence = h.module.presence;
    await presence.announce(
      'tab-1',
      { id: 'session:first', name: 'Support team' },
      { ticket_number: T1, state: 'viewing' },
    );
    await presence.announce(
      'tab-2',
      { id: 'session:first', name: 'Support team' },
      { ticket_number: T1, state: 'typing' },
    );
    await presence.announce(
      'tab-3',
      { id: 'connection:other', name: 'Support team' },
      { ticket_number: T1, state: 'viewing' },
    );
    const [ticket] = (await presence.snapshot()).tickets;
    expect(ticket?.agents.map((agent) => `${agent.agent_id}:${agent.agent}:${agent.state}`)).toEqual([
      'connection:other:Support team:viewing',
      'session:first:Support team:typing',
    ]);

    await presence.leave('tab-3');
    expect((await presence.snapshot()).tickets[0]?.agents.map((agent) => agent.agent_id)).toEqual(['session:first']);
  });

  it("forgets a connection that stops renewing (a crashed replica) and tells the ticket's viewers at the next write", async () => {
    const presence = h.module.presence;
    await presence.announce('gone', RITA, { ticket_number: T1, state: 'typing' });
    h.clock.advance(PRESENCE_TTL_MS + 1);
    expect((await presence.snapshot()).tickets).toEqual([]);
    const before = (await collectMessages(h.bus, [SUPPORT_PRESENCE_TOPIC])).length;
    await presence.announce('alive', JOE, { ticket_number: T2, state: 'viewing' });
    const after = await collectMessages(h.bus, [SUPPORT_PRESENCE_TOPIC]);
    expect(
      after
        .slice(before)
        .map((message) => message.key)
        .sort(),
    ).toEqual([T1, T2]);
    expect(await h.store.count('support_agent_presence')).toBe(1);
  });
});
