import { describe, expect, it } from 'vitest';
import { sourceEventSchema } from '../contracts/source-event.ts';
import { makeSourceEvent, makeStoredEvent } from '../testing/make-event.ts';
import { newEventBody, sourceChanges, sourceFields } from './event.ts';

const fieldsOf = (overrides = {}) => sourceFields(sourceEventSchema.parse(makeSourceEvent(overrides)));

describe('event aggregate', () => {
  it('given a new source record, when a body is made, then it has the slug and zero counters', () => {
    const body = newEventBody('12', fieldsOf());
    expect(body).toMatchObject({
      id: '12',
      slug: '12-jazz-night-madrid',
      view_count: 0,
      click_count: 0,
      popularity_log: 0,
      status: 'active',
    });
  });

  it('given the same record again, when compared, then nothing changed', () => {
    const stored = makeStoredEvent({ ...newEventBody('1', fieldsOf()) });
    expect(sourceChanges(stored, fieldsOf())).toBeNull();
  });

  it('given a renamed record, when compared, then the patch carries the new name and slug only', () => {
    const stored = makeStoredEvent({ ...newEventBody('1', fieldsOf()), view_count: 9 });
    expect(sourceChanges(stored, fieldsOf({ name: 'Blues Night' }))).toEqual({
      name: 'Blues Night',
      slug: '1-blues-night',
    });
  });

  it('given half a coordinate pair, when read, then the event has no location', () => {
    const fields = fieldsOf({ latitude: 40, longitude: null });
    expect([fields.latitude, fields.longitude]).toEqual([null, null]);
  });

  it('given an offset start, when read, then it is stored as a UTC instant', () => {
    expect(fieldsOf({ start_utc: '2026-12-05T20:00:00+01:00' }).start_utc).toBe('2026-12-05T19:00:00.000Z');
  });
});
