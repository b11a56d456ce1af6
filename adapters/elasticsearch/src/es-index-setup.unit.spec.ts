import { describe, expect, it } from 'vitest';
import { initDecision, nextCopyName, unusedCopies } from './es-index-setup.ts';

describe('Elasticsearch index set-up decisions', () => {
  it('creates the first copy only when the alias is missing', () => {
    expect(initDecision('events', null, undefined, '{"a":1}')).toEqual({ action: 'create', index: 'events_v1' });
  });

  it('keeps a copy whose stored schema is the wanted one', () => {
    expect(initDecision('events', 'events_v3', '{"a":1}', '{"a":1}')).toEqual({ action: 'keep' });
  });

  it('never replaces a serving copy whose schema changed: asks for a rebuild instead', () => {
    expect(initDecision('events', 'events_v3', '{"a":1}', '{"a":2}')).toEqual({ action: 'rebuild' });
    expect(initDecision('events', 'events_v3', undefined, '{"a":2}')).toEqual({ action: 'rebuild' });
  });

  it('names a new copy above every existing one, leftovers included, and ignores other indices', () => {
    expect(nextCopyName('events', [])).toBe('events_v1');
    expect(nextCopyName('events', ['events_v2', 'events_v7', 'events_ratings_v9', 'other'])).toBe('events_v8');
  });

  it('every copy but the live one is unused, newer leftovers of unfinished rebuilds included; other indices are not copies', () => {
    expect(
      unusedCopies(
        'events',
        ['events_v1', 'events_v2', 'events_v3', 'events_v4', 'events_ratings_v1', 'events_v3x'],
        'events_v3',
      ),
    ).toEqual(['events_v1', 'events_v2', 'events_v4']);
  });
});
