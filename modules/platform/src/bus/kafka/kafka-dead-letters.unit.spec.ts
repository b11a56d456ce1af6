import { describe, expect, it } from 'vitest';
import { foldDeadLetters } from './kafka-dead-letters.ts';

const entry = (id: string, failedAt: string) =>
  JSON.stringify({ id, group: 'projector.events-search', message: { key: 'e1' }, error: 'ZodError: bad', attempts: 1, failed_at: failedAt });

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
});
