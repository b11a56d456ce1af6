import { describe, expect, it } from 'vitest';
import type { DeadLetter } from '@evently/platform';
import { planKafkaErasure } from './kafka-log-erasure.ts';

const letter = (id: string, topic: string, key: string, error: string): DeadLetter => ({
  id,
  group: 'support.visitor-mailer',
  message: {
    id: `m-${id}`,
    topic,
    key,
    type: 'T',
    version: 1,
    aggregate_version: 1,
    data: { ticket_id: key },
    metadata: { occurred_at: '2026-01-01T00:00:00Z' },
    offset: '0:1',
  },
  error,
  attempts: 3,
  failed_at: '2026-01-01T00:00:00Z',
});

describe('erasure on Kafka', () => {
  const request = {
    terms: ['ana@example.com'],
    aggregateTerms: ['ana@example.com', 'Ana Ruiz'],
    aggregates: [
      { topic: 'evently.support-tickets', key: 't1' },
      { topic: 'evently.profiles', key: 'p1' },
    ],
  };

  it('tombstones erased keys of compacted topics only: history topics cannot be rewritten and carry ids only', () => {
    const plan = planKafkaErasure(request, [], new Set(['evently.events', 'evently.profiles', 'evently.dead-letters']));
    expect(plan.tombstones).toEqual([{ topic: 'evently.profiles', key: 'p1' }]);
  });

  it('produces again, redacted under their own ids, the dead letters that name the person; others are left alone', () => {
    const open = [
      letter('d1', 'evently.support-tickets', 't1', 'Error: mail to Ana Ruiz <ana@example.com> refused'),
      letter('d2', 'evently.support-tickets', 't2', 'Error: mailbox ANA@example.com full; Ana Ruiz'),
      letter('d3', 'evently.support-tickets', 't3', 'Error: Ana Ruiz is somebody else'),
    ];
    const plan = planKafkaErasure(request, open, new Set());
    expect(plan.deadLetters.map((entry) => [entry.id, entry.error])).toEqual([
      ['d1', 'Error: mail to [erased] <[erased]> refused'],
      // Not an erased aggregate: the address goes, a name that may be someone else's stays.
      ['d2', 'Error: mailbox [erased] full; Ana Ruiz'],
    ]);
    expect(plan.deadLetters[0]?.message.data).toEqual({ ticket_id: 't1' });
  });
});
