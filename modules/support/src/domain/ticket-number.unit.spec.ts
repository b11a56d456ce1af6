import { describe, expect, it } from 'vitest';
import { formatTicketNumber, normaliseTicketNumber, ticketCounterName } from './ticket-number.ts';

describe('formatTicketNumber', () => {
  it.each([
    [2026, 1, 'TT-2026-0001'],
    [2026, 42, 'TT-2026-0042'],
    [2026, 9999, 'TT-2026-9999'],
    [2027, 10000, 'TT-2027-10000'],
  ])('given year %i and sequence %i it gives %s', (year, sequence, expected) => {
    expect(formatTicketNumber(year, sequence)).toBe(expected);
  });

  it.each([0, -1, 1.5])('refuses sequence %d', (sequence) => {
    expect(() => formatTicketNumber(2026, sequence)).toThrow(RangeError);
  });

  it('draws each year from its own counter', () => {
    expect(ticketCounterName(2026)).toBe('support-ticket-2026');
    expect(ticketCounterName(2027)).not.toBe(ticketCounterName(2026));
  });
});

describe('normaliseTicketNumber', () => {
  it('accepts what a visitor types, in any case and with stray spaces', () => {
    expect(normaliseTicketNumber(' tt-2026-0007 ')).toBe('TT-2026-0007');
    expect(normaliseTicketNumber('TT-2026-12345')).toBe('TT-2026-12345');
  });

  it.each([
    '',
    'TT-2026-7',
    'TT-26-0001',
    'XX-2026-0001',
    'TT-2026-0001; drop',
    '../TT-2026-0001',
    `TT-2026-${'1'.repeat(60)}`,
  ])('rejects %j', (input) => {
    expect(normaliseTicketNumber(input)).toBeNull();
  });
});
