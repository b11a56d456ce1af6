import { describe, expect, it } from 'vitest';
import { makeStoredEvent } from '../../testing/make-event.ts';
import { mergeFields } from './merge-fields.ts';

describe('mergeFields: earliest on-sale', () => {
  it('takes the earliest on-sale instant any record gives, whatever the record order', () => {
    const records = [
      makeStoredEvent({ id: '1', on_sale_utc: '2026-10-01T15:00:00.000Z' }),
      makeStoredEvent({ id: '2', on_sale_utc: null }),
      makeStoredEvent({ id: '3', on_sale_utc: '2026-09-20T06:00:00.000Z' }),
    ];
    expect(mergeFields(records).on_sale_utc).toBe('2026-09-20T06:00:00.000Z');
  });

  it('is null when no record gives one (records stored before the field existed have none)', () => {
    expect(
      mergeFields([makeStoredEvent({ id: '1' }), makeStoredEvent({ id: '2', on_sale_utc: null })]).on_sale_utc,
    ).toBeNull();
  });
});
