import { describe, expect, it } from 'vitest';
import { normaliseEventName } from '../contracts/event-name.ts';
import { catalogueSubjectKey, emailKey, freeTextSubjectKey } from './duplicate-key.ts';

describe('what counts as the same event and the same reviewer', () => {
  it('given a catalogue event, the key is its id', () => {
    expect(catalogueSubjectKey(42)).toBe('event:42');
  });

  it.each([
    ['Jazz Night!', ' jazz   night '],
    ['Café Müller', 'cafe muller'],
    ['Rock-Fest 2026', 'rock fest 2026'],
  ])('given %j and %j, the free-text events are the same', (a, b) => {
    expect(freeTextSubjectKey(a)).toBe(freeTextSubjectKey(b));
  });

  it('given a longer name, the event is a different one', () => {
    expect(freeTextSubjectKey('Jazz Night Madrid')).not.toBe(freeTextSubjectKey('Jazz Night'));
  });

  it('given a name of punctuation only, it normalises to nothing (the schema refuses it)', () => {
    expect(normaliseEventName('!!! ...')).toBe('');
  });

  it('given e-mails differing in case and spaces, the reviewer is the same', () => {
    expect(emailKey(' Ana@Example.COM ')).toBe(emailKey('ana@example.com'));
  });
});
