import { logLevel } from 'kafkajs';
import pino from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pinoLogCreator } from './kafka-log.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'trace' }, stream), lines };
}

describe('pinoLogCreator', () => {
  it('keeps kafkajs fields and demotes its routine INFO lines to debug', async () => {
    const { logger, lines } = capture();
    const log = pinoLogCreator(logger)(logLevel.INFO);
    const entry = (level: logLevel, message: string) => ({
      namespace: 'Consumer',
      level,
      label: 'x',
      log: { timestamp: 't', message, groupId: 'projector.events' },
    });
    log(entry(logLevel.ERROR, 'crashed'));
    log(entry(logLevel.INFO, 'joined group'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => [line.level, line.msg, line.namespace, line.groupId])).toEqual([
      [50, 'crashed', 'Consumer', 'projector.events'],
      [20, 'joined group', 'Consumer', 'projector.events'],
    ]);
  });
});
