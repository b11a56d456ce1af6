/**
 * How an Envelope travels as a Kafka message: the key is the envelope's key (the aggregate id, so one
 * aggregate's messages share a partition and keep their order), the value is the envelope as JSON, and
 * headers repeat the type and schema version so tools can route or filter without parsing the value.
 *
 * Decoding never throws: a consumer must be able to skip a malformed record (log it, commit past it)
 * instead of blocking its partition forever.
 */
import type { Message } from 'kafkajs';
import { envelopeSchema, type Delivered, type Envelope } from '@evently/platform';

export const TYPE_HEADER = 'evently-type';
export const VERSION_HEADER = 'evently-version';
export const CONTENT_TYPE_HEADER = 'content-type';
export const CONTENT_TYPE = 'application/json';

export function encodeEnvelope(envelope: Envelope): Message {
  return {
    key: envelope.key,
    value: JSON.stringify(envelope),
    headers: {
      [TYPE_HEADER]: envelope.type,
      [VERSION_HEADER]: String(envelope.version),
      [CONTENT_TYPE_HEADER]: CONTENT_TYPE,
    },
  };
}

/** The parts of a consumed kafkajs message the decoder reads. */
export interface RawMessage {
  offset: string;
  value: Buffer | null;
}

export type Decoded = { ok: true; delivered: Delivered } | { ok: false; reason: string };

export function decodeMessage(topic: string, partition: number, message: RawMessage): Decoded {
  if (message.value === null || message.value.length === 0) return { ok: false, reason: 'empty value' };
  let json: unknown;
  try {
    json = JSON.parse(message.value.toString('utf8'));
  } catch {
    return { ok: false, reason: 'value is not JSON' };
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, reason: `not an envelope (${issues.join('; ')})` };
  }
  // The record's position is the broker's, and its topic is the one it was read from.
  return {
    ok: true,
    delivered: { ...parsed.data, data: parsed.data.data, topic, offset: `${partition}:${message.offset}` },
  };
}
