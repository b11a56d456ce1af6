import { describe, expect, it } from 'vitest';
import { eventSlug, kebab, parseEventIdSegment } from './slug.ts';

describe('event slugs', () => {
  it('given a name with accents and symbols, when slugged, then it is {id}-{kebab-name}', () => {
    expect(eventSlug(42, 'Café Tacvba & Friends: Live!')).toBe('42-cafe-tacvba-and-friends-live');
  });

  it('given a name with no letters, when slugged, then the slug is the bare id', () => {
    expect(eventSlug(7, '!!!')).toBe('7');
  });

  it('given a very long name, when slugged, then the words are cut without a trailing dash', () => {
    const words = kebab('word '.repeat(40));
    expect(words.length).toBeLessThanOrEqual(80);
    expect(words.endsWith('-')).toBe(false);
  });

  it.each([
    ['42', '42'],
    ['42-jazz-night', '42'],
    ['42-', '42'],
    ['0042-x', '42'],
  ])('given the segment %s, when parsed, then it names id %s', (segment, id) => {
    expect(parseEventIdSegment(segment)).toBe(id);
  });

  it.each(['jazz-42', '42abc', '', '0', '-42', '4.2'])(
    'given the segment %j, when parsed, then it names no id',
    (segment) => {
      expect(parseEventIdSegment(segment)).toBeNull();
    },
  );
});
