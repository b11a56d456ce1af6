import { describe, expect, it } from 'vitest';
import { nextPosition, reached, topicLag } from './kafka-offsets.ts';

const partition = (id: number, low: string, high: string) => ({ partition: id, low, high });

describe('nextPosition', () => {
  it('starts at the low watermark when nothing is committed or the group was reset', () => {
    expect(nextPosition(partition(0, '5', '9'), undefined)).toBe(5n);
    expect(nextPosition(partition(0, '5', '9'), { partition: 0, offset: '-1' })).toBe(5n);
    expect(nextPosition(partition(0, '5', '9'), { partition: 0, offset: '-2' })).toBe(5n);
  });

  it('uses the committed offset, or the low watermark if retention removed it', () => {
    expect(nextPosition(partition(0, '5', '9'), { partition: 0, offset: '7' })).toBe(7n);
    expect(nextPosition(partition(0, '5', '9'), { partition: 0, offset: '2' })).toBe(5n);
  });
});

describe('topicLag', () => {
  it('sums what each partition has left', () => {
    const watermarks = [partition(0, '0', '10'), partition(1, '0', '4'), partition(2, '0', '0')];
    expect(
      topicLag(watermarks, [
        { partition: 0, offset: '7' },
        { partition: 1, offset: '-1' },
      ]),
    ).toBe(3 + 4);
  });

  it('never goes negative when the commit is ahead of stale watermarks', () => {
    expect(topicLag([partition(0, '0', '3')], [{ partition: 0, offset: '5' }])).toBe(0);
  });

  it('handles offsets beyond 2^53 exactly', () => {
    expect(topicLag([partition(0, '9007199254740993', '9007199254740995')], [])).toBe(2);
  });
});

describe('reached', () => {
  it('is true once every target partition is committed up to its high watermark', () => {
    const targets = [partition(0, '0', '3'), partition(1, '0', '0')];
    expect(reached(targets, [{ partition: 0, offset: '2' }])).toBe(false);
    expect(reached(targets, [{ partition: 0, offset: '3' }])).toBe(true);
    expect(reached([], [])).toBe(true);
  });
});
