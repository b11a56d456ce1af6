import { describe, expect, it } from 'vitest';
import { DeadLetterTally, foldDeadLetters } from './kafka-dead-letters.ts';

const entry = (id: string, failedAt: string, group = 'projector.events-search') =>
  JSON.stringify({ id, group, message: { key: 'e1' }, error: 'ZodError: bad', attempts: 1, failed_at: failedAt });

describe('the dead-letter topic read back', () => {
  it('keeps the last record per id, drops tombstoned ones, oldest first', () => {
    const open = foldDeadLetters([
      { key: 'b', value: entry('b', '2030-01-02T00:00:00Z') },
      { key: 'a', value: entry('a', '2030-01-03T00:00:00Z') },
      { key: 'c', value: entry('c', '2030-01-01T00:00:00Z') },
      { key: 'c', value: null },
    ]);
    expect(open.map((dead) => dead.id)).toEqual(['b', 'a']);
  });

  it('counts open dead letters per group from the records read since the last count', () => {
    const tally = new DeadLetterTally();
    tally.add([
      { key: 'a', value: entry('a', '2030-01-01T00:00:00Z') },
      { key: 'b', value: entry('b', '2030-01-01T00:00:00Z', 'projector.support.visitor-mailer') },
    ]);
    expect(tally.counts()).toEqual({ 'projector.events-search': 1, 'projector.support.visitor-mailer': 1 });
    // The next scrape reads only what came after: a replayed dead letter's tombstone and a new one.
    tally.add([
      { key: 'b', value: null },
      { key: 'c', value: entry('c', '2030-01-02T00:00:00Z') },
    ]);
    expect(tally.counts()).toEqual({ 'projector.events-search': 2 });
    tally.add([]);
    expect(tally.counts()).toEqual({ 'projector.events-search': 2 });
  });
});
