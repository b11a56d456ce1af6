import { describe, expect, it } from 'vitest';
import { ActivityBuffer } from './activity-buffer.ts';

describe('ActivityBuffer', () => {
  it('given views and clicks, then they add up per event and per target', () => {
    const buffer = new ActivityBuffer();
    buffer.add('1', 'view', 'detail');
    buffer.add('1', 'view', 'detail');
    buffer.add('1', 'click', 'fever');
    buffer.add('2', 'click', 'fever');
    expect(buffer.peek('1')).toEqual({ views: 2, clicks: 1 });
    const drained = buffer.drain();
    expect(drained.get('1')).toEqual({ views: 2, clicks: new Map([['fever', 1]]) });
    expect(buffer.size).toBe(0);
  });

  it('given a failed flush, then restore merges it with what was counted since', () => {
    const buffer = new ActivityBuffer();
    buffer.add('1', 'view', 'detail');
    const drained = buffer.drain();
    buffer.add('1', 'view', 'detail');
    buffer.restore('1', drained.get('1')!);
    expect(buffer.peek('1')).toEqual({ views: 2, clicks: 0 });
  });
});
