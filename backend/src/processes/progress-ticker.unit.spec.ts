import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressTicker } from './progress-ticker.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('progressTicker', () => {
  it('reports once per interval until stopped', async () => {
    const report = vi.fn(async () => undefined);
    const ticker = progressTicker(report, 1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(report).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2001);
    expect(report).toHaveBeenCalledTimes(3);
    ticker.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(report).toHaveBeenCalledTimes(3);
  });

  it('skips a tick while the last report is still running, and survives a failing one', async () => {
    let finish: () => void = () => undefined;
    const report = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)))
      .mockImplementationOnce(() => Promise.reject(new Error('lag unavailable')))
      .mockImplementation(async () => undefined);
    const ticker = progressTicker(report, 1000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(report).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(2000);
    expect(report).toHaveBeenCalledTimes(3);
    ticker.stop();
  });
});
