import { describe, expect, it } from 'vitest';
import { assertNoMetricCollision, assertValidTopicName, topicConfigs, topicKind } from './kafka-topics.ts';

describe('assertValidTopicName', () => {
  it('accepts the names our modules publish to', () => {
    for (const name of ['evently.events', 'evently.subscriptions', 'a-b_c.1', 'x'.repeat(249)]) {
      expect(assertValidTopicName(name)).toBe(name);
    }
  });

  it('refuses what Kafka refuses', () => {
    for (const name of ['', '.', '..', 'has space', 'slash/topic', 'ümlaut', 'x'.repeat(250), 'star*']) {
      expect(() => assertValidTopicName(name)).toThrow(/Invalid Kafka topic name/);
    }
  });
});

describe('assertNoMetricCollision', () => {
  it('reports names Kafka would treat as one in metrics', () => {
    expect(() => assertNoMetricCollision(['evently.events', 'evently_events'])).toThrow(/collide/);
    expect(() => assertNoMetricCollision(['evently.events', 'evently.events', 'evently.tickets'])).not.toThrow();
  });
});

describe('topicConfigs', () => {
  it('creates each topic once with the configured layout and unlimited retention', () => {
    const configs = topicConfigs(['evently.events', 'evently.tickets', 'evently.events'], {
      partitions: 6,
      replicationFactor: 3,
    });
    expect(configs.map((config) => config.topic)).toEqual(['evently.events', 'evently.tickets']);
    expect(configs[0]).toEqual({
      topic: 'evently.events',
      numPartitions: 6,
      replicationFactor: 3,
      configEntries: [{ name: 'retention.ms', value: '-1' }],
    });
  });

  it('compacts snapshot topics, bounds activity topics to 7 days and keeps every other topic whole', () => {
    const configs = topicConfigs(
      ['evently.events', 'evently.events.activity', 'evently.tickets'],
      { partitions: 3, replicationFactor: 1 },
      new Set(['evently.events']),
    );
    expect(configs.map((config) => [config.topic, config.configEntries])).toEqual([
      [
        'evently.events',
        [
          { name: 'cleanup.policy', value: 'compact' },
          { name: 'max.compaction.lag.ms', value: String(24 * 3600 * 1000) },
        ],
      ],
      [
        'evently.events.activity',
        [
          { name: 'cleanup.policy', value: 'delete' },
          { name: 'retention.ms', value: String(7 * 24 * 3600 * 1000) },
        ],
      ],
      ['evently.tickets', [{ name: 'retention.ms', value: '-1' }]],
    ]);
    expect(topicKind('evently.clicks.activity', new Set())).toBe('activity');
    expect(topicKind('evently.events', new Set())).toBe('history');
  });

  it('validates every name', () => {
    expect(() => topicConfigs(['ok', 'not ok'], { partitions: 1, replicationFactor: 1 })).toThrow(/"not ok"/);
  });
});
