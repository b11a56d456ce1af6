import { describe, expect, it } from 'vitest';
import type { Envelope } from '@evently/platform';
import { CONTENT_TYPE, TYPE_HEADER, VERSION_HEADER, decodeMessage, encodeEnvelope } from './kafka-codec.ts';

const makeEnvelope = (overrides: Partial<Envelope> = {}): Envelope => ({
  id: 'c8a7f8e2-0000-4000-8000-000000000001',
  topic: 'evently.events',
  key: 'event-42',
  type: 'EventUpserted',
  version: 2,
  aggregate_version: 5,
  data: { title: 'Fado night', price: { min: 10 } },
  metadata: { occurred_at: '2026-11-21T12:00:00.000Z', correlation_id: 'req-1' },
  ...overrides,
});

const asConsumed = (value: string | null, offset = '17') => ({
  offset,
  value: value === null ? null : Buffer.from(value),
});

describe('encodeEnvelope', () => {
  it('keys the message by the aggregate id and carries the envelope as JSON', () => {
    const envelope = makeEnvelope();
    const message = encodeEnvelope(envelope);
    expect(message.key).toBe('event-42');
    expect(JSON.parse(String(message.value))).toEqual(envelope);
  });

  it('repeats type and schema version in headers', () => {
    expect(encodeEnvelope(makeEnvelope()).headers).toEqual({
      [TYPE_HEADER]: 'EventUpserted',
      [VERSION_HEADER]: '2',
      'content-type': CONTENT_TYPE,
    });
  });
});

describe('decodeMessage', () => {
  it('round-trips an encoded envelope and adds the partition:offset position', () => {
    const envelope = makeEnvelope();
    const decoded = decodeMessage('evently.events', 3, asConsumed(String(encodeEnvelope(envelope).value), '1024'));
    expect(decoded).toEqual({ ok: true, delivered: { ...envelope, offset: '3:1024' } });
  });

  it('reports the topic the record was read from', () => {
    const value = String(encodeEnvelope(makeEnvelope({ topic: 'evently.old-name' })).value);
    const decoded = decodeMessage('evently.events', 0, asConsumed(value));
    expect(decoded.ok && decoded.delivered.topic).toBe('evently.events');
  });

  it('rejects empty, non-JSON and non-envelope values without throwing', () => {
    expect(decodeMessage('t', 0, asConsumed(null))).toEqual({ ok: false, reason: 'empty value' });
    expect(decodeMessage('t', 0, asConsumed(''))).toEqual({ ok: false, reason: 'empty value' });
    expect(decodeMessage('t', 0, asConsumed('{oops'))).toEqual({ ok: false, reason: 'value is not JSON' });
    const missingKey = JSON.stringify({ ...makeEnvelope(), key: undefined });
    const decoded = decodeMessage('t', 0, asConsumed(missingKey));
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.reason).toMatch(/^not an envelope \(key: /);
    const badVersion = JSON.stringify({ ...makeEnvelope(), version: 0 });
    expect(decodeMessage('t', 0, asConsumed(badVersion)).ok).toBe(false);
  });
});
