import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConsumerWaits } from './consumer-waits.ts';
import { DependencyOutage } from './outage.ts';

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

describe('pacing a failing consumer position', () => {
  const down = new DependencyOutage('smtp', 'SMTP relay unavailable: connect ECONNREFUSED 127.0.0.1:25');

  it('given an outage, then it waits with doubling capped delays, says once what it waits for, reminds, and says when it ends', () => {
    const { logger, lines } = capturingLogger();
    const waits = new ConsumerWaits();
    let now = Date.parse('2026-11-28T03:00:00Z');
    const pacer = waits.position(
      'projector.support.visitor-mailer',
      'evently.support-tickets/0',
      logger,
      { initialMs: 200, maxMs: 1_000 },
      () => new Date(now),
    );
    const delays: number[] = [];
    for (let retry = 0; retry < 12; retry += 1) {
      delays.push(pacer.failed(down, '0:41'));
      now += delays.at(-1)!;
    }
    expect(delays).toEqual([200, 400, 800, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000]);
    expect(waits.list()).toEqual([
      {
        group: 'projector.support.visitor-mailer',
        position: 'evently.support-tickets/0',
        dependency: 'smtp',
        reason: 'SMTP relay unavailable: connect ECONNREFUSED 127.0.0.1:25',
        since: '2026-11-28T03:00:00.000Z',
        retries: 12,
      },
    ]);
    pacer.succeeded();
    expect(waits.list()).toEqual([]);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [40, 'waiting for smtp: consumer paused, nothing is dead-lettered while it is down'],
      [40, 'still waiting for smtp'],
      [30, 'smtp answers again: consumer resumed'],
    ]);
    expect(lines[0]).toMatchObject({
      group: 'projector.support.visitor-mailer',
      position: 'evently.support-tickets/0',
      dependency: 'smtp',
      fromOffset: '0:41',
    });
    expect(lines[2]).toMatchObject({ dependency: 'smtp', retries: 12, waitedMs: 10_400 });
  });

  it("given the message's own failure, then it is logged as a redelivery and nothing waits; the delay starts again after a success", () => {
    const { logger, lines } = capturingLogger();
    const waits = new ConsumerWaits();
    const pacer = waits.position('g', 't', logger, { initialMs: 100, maxMs: 10_000 });
    expect(pacer.failed(new TypeError('bad input'))).toBe(100);
    expect(pacer.failed(new TypeError('bad input'))).toBe(200);
    expect(waits.list()).toEqual([]);
    pacer.succeeded();
    expect(pacer.failed(new TypeError('bad input'))).toBe(100);
    expect(lines.every((line) => line.msg === 'event handler failed; will redeliver')).toBe(true);
  });

  it('forgets a stopped group', () => {
    const waits = new ConsumerWaits();
    const { logger } = capturingLogger();
    waits.position('a', 'p/0', logger, { initialMs: 1, maxMs: 1 }).failed(down);
    waits.position('b', 'p/0', logger, { initialMs: 1, maxMs: 1 }).failed(down);
    waits.forgetGroup('a');
    expect(waits.list().map((entry) => entry.group)).toEqual(['b']);
  });
});
