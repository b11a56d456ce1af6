import { describe, expect, it } from 'vitest';
import { stripQuotedReply } from './reply-text.ts';

describe('stripQuotedReply', () => {
  it.each([
    [
      'Gmail, header wrapped',
      'Yes, row 12.\n\nOn Sat, 21 Nov 2026 at 10:00, Evently <s@e.test>\nwrote:\n> Which seats?',
      'Yes, row 12.',
    ],
    ['Outlook', 'Yes.\r\n\r\n-----Original Message-----\r\nFrom: Evently\r\nWhich seats?', 'Yes.'],
    ['signature', 'Thanks!\n-- \nAna Visitor\n+351 912', 'Thanks!'],
    ['phone', 'OK\n\nSent from my iPhone', 'OK'],
    ['inline quote lines', '> old\nnew text\n> older', 'new text'],
    ['Portuguese', 'Sim.\n\nEm sáb., 21/11/2026 às 10:00, Evently escreveu:\n> Quais?', 'Sim.'],
  ])('%s', (_, text, expected) => {
    expect(stripQuotedReply(text)).toBe(expected);
  });
});
