import { describe, expect, it } from 'vitest';
import {
  aggregateMatcher,
  erasureTerms,
  logErasureRequest,
  mentionsAny,
  redactText,
  redactValue,
} from './person-erasure.ts';

describe('person erasure', () => {
  it('blanks every occurrence of every term whatever its case, and leaves other text alone', () => {
    expect(redactText('Mail Ana.Ruiz@Example.com or ana.ruiz@example.com today', ['ana.ruiz@example.com'])).toBe(
      'Mail [erased] or [erased] today',
    );
    expect(redactText('a+b(c)*d', ['+b(c)*'])).toBe('a[erased]d');
    expect(redactText('nothing here', ['ana@example.com'])).toBe('nothing here');
  });

  it('redacts strings and keys inside a JSON value without changing its shape or other types', () => {
    const value = { id: 'x', n: 3, ok: true, list: ['Ana Ruiz wrote', null], nested: { 'Ana Ruiz': 'Ana Ruiz' } };
    expect(redactValue(value, ['Ana Ruiz'])).toEqual({
      id: 'x',
      n: 3,
      ok: true,
      list: ['[erased] wrote', null],
      nested: { '[erased]': '[erased]' },
    });
  });

  it('keeps terms of three characters or more, once each, longest first', () => {
    expect(erasureTerms(['Al', ' Ana Ruiz ', 'ana ruiz', null, 'Ana', undefined, ''])).toEqual(['Ana Ruiz', 'Ana']);
    expect(mentionsAny('hello ANA', ['ana'])).toBe(true);
  });

  it('blanks the address and phones anywhere, names only in the erased aggregates', () => {
    const request = logErasureRequest({ email: ' Ana@Example.com ' }, [
      {
        module: 'support',
        removed: { tickets: 1 },
        aggregates: [{ topic: 't', key: 'k1' }],
        contacts: ['+34 600 111 2222'],
        names: ['Ana Ruiz'],
      },
      { module: 'reviews', removed: {}, aggregates: [{ topic: 'r', key: 'k2' }], contacts: [], names: ['Ana R.'] },
    ]);
    expect(request.terms).toEqual(['+34 600 111 2222', 'Ana@Example.com']);
    expect(request.aggregateTerms).toEqual(['+34 600 111 2222', 'Ana@Example.com', 'Ana Ruiz', 'Ana R.']);
    const isErased = aggregateMatcher(request.aggregates);
    expect([isErased('t', 'k1'), isErased('r', 'k2'), isErased('t', 'k2')]).toEqual([true, true, false]);
  });
});
