import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineMessages } from './message-factory.ts';

const thingMessage = defineMessages('test.things', {
  ThingSaved: z.object({ thing_id: z.string().min(1), rank: z.number().int() }),
  ThingDeleted: z.object({ thing_id: z.string().min(1) }),
});
const at = new Date('2026-01-02T03:04:05.000Z');

describe('defineMessages', () => {
  it('given valid data, then the envelope names the topic, key, type and versions and carries the data', () => {
    const record = thingMessage('ThingSaved', 't1', 3, { thing_id: 't1', rank: 2 }, at);
    expect(record).toMatchObject({
      topic: 'test.things',
      key: 't1',
      type: 'ThingSaved',
      version: 1,
      aggregate_version: 3,
      data: { thing_id: 't1', rank: 2 },
    });
    expect(record.metadata.occurred_at).toBe(at.toISOString());
  });

  it('given data its schema refuses, then nothing is built', () => {
    expect(() => thingMessage('ThingSaved', 't1', 1, { thing_id: '', rank: 1.5 }, at)).toThrow();
  });

  it('given fields the schema does not name, then the message leaves them out', () => {
    const record = thingMessage(
      'ThingDeleted',
      't1',
      2,
      { thing_id: 't1', email: 'a@b.c' } as { thing_id: string },
      at,
    );
    expect(record.data).toEqual({ thing_id: 't1' });
  });
});
