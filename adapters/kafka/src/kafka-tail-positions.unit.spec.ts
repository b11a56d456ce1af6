import { describe, expect, it } from 'vitest';
import { reached } from './kafka-offsets.ts';
import { TailPositions } from './kafka-tail-positions.ts';

const admin = {
  fetchTopicOffsets: async (topic: string) =>
    topic === 'evently.support'
      ? [
          { partition: 0, offset: '7', low: '0', high: '7' },
          { partition: 1, offset: '3', low: '0', high: '3' },
        ]
      : [],
};

describe('TailPositions', () => {
  it('starts at the high watermarks, so it has nothing to catch up on', async () => {
    const positions = await TailPositions.atEnd(admin, ['evently.support']);
    expect(positions.all()).toEqual([
      { topic: 'evently.support', partition: 0, offset: '7' },
      { topic: 'evently.support', partition: 1, offset: '3' },
    ]);
    const [entry] = positions.asCommitted(['evently.support']);
    expect(reached(await admin.fetchTopicOffsets('evently.support'), entry!.partitions)).toBe(true);
  });

  it('moves forward with handled chunks and never back', async () => {
    const positions = await TailPositions.atEnd(admin, ['evently.support']);
    positions.handled('evently.support', 0, '9');
    positions.handled('evently.support', 0, '8');
    expect(positions.all()).toContainEqual({ topic: 'evently.support', partition: 0, offset: '9' });
    const later = [
      { partition: 0, low: '0', high: '10' },
      { partition: 1, low: '0', high: '3' },
    ];
    expect(reached(later, positions.asCommitted(['evently.support'])[0]!.partitions)).toBe(false);
    positions.handled('evently.support', 0, '10');
    expect(reached(later, positions.asCommitted(['evently.support'])[0]!.partitions)).toBe(true);
  });
});
