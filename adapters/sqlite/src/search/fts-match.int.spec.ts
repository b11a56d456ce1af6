/**
 * The MATCH expression of free text (fts-match.ts): whole words also as prefixes, word forms the index holds,
 * and near misses only for a word that matches nothing. Whether the index holds a term is asked of the index
 * itself (its first matching document), so a term whose documents are all deleted counts as absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndexedTestFile, type IndexedTestFile } from '../testing/indexed-test-file.ts';
import { ftsMatch } from './fts-match.ts';

let fixture: IndexedTestFile;

beforeAll(async () => {
  fixture = await openIndexedTestFile('evently-fts-match-', [
    { id: '1', name: 'Harbour Concert', city: 'Kiel' },
    { id: '2', name: 'Summer Concerts', city: 'Kiel' },
    { id: '3', name: 'Marathon', city: 'Berlin' },
    { id: '4', name: 'Saxophone evening', city: 'Berlin' },
    { id: '5', name: 'Lanterns', city: 'Kiel' },
  ]);
});
afterAll(() => fixture.close());

const expression = (text: string) => ftsMatch(fixture.db, fixture.layout, text)?.expression;

describe('free text to a MATCH expression', () => {
  it('a whole word matches as a prefix and with its forms the index holds', () => {
    expect(expression('concert')).toBe('"concert"*');
    expect(ftsMatch(fixture.db, fixture.layout, 'concerts')?.forms).toEqual([['concerts', 'concert']]);
    expect(expression('concerts')).toBe('("concerts"* OR "concert")');
  });

  it('a word that is only a prefix of indexed words is not widened', () => {
    expect(expression('concer')).toBe('"concer"*');
    expect(expression('saxoph')).toBe('"saxoph"*');
  });

  it('a word that matches nothing is widened to its near misses', () => {
    expect(expression('marathn')).toBe('("marathn"* OR "marathon")');
    expect(expression('qqqzzzxxx')).toBe('"qqqzzzxxx"*');
  });

  it('every word is a group; short words match whole', () => {
    expect(expression('harbour concert')).toBe('"harbour"* AND "concert"*');
    expect(expression('in kiel')).toBe('"in" AND "kiel"*');
  });

  it('a term whose documents were all deleted no longer counts as held', async () => {
    // "lanterns" has one document: a near miss of "lanterm" only while it holds one.
    expect(expression('lanterm')).toBe('("lanterm"* OR "lanterns")');
    expect(expression('lantern')).toBe('"lantern"*');
    await fixture.search.delete('events', ['5']);
    expect(expression('lanterm')).toBe('"lanterm"*');
  });

  it('a term written after the near misses were listed becomes one at the next ask', async () => {
    expect(expression('harbur')).toBe('("harbur"* OR "harbour")');
    await fixture.search.upsert('events', [{ id: 'new-near-miss', name: 'Harbor lights' }]);
    expect(expression('harbur')).toBe('("harbur"* OR "harbor" OR "harbour")');
    await fixture.search.delete('events', ['new-near-miss']);
    expect(expression('harbur')).toBe('("harbur"* OR "harbour")');
  });

  it('a document rewritten with other words brings its new words and keeps the old ones only while held', async () => {
    await fixture.search.upsert('events', [{ id: 'rewritten', name: 'Harbor lights' }]);
    expect(expression('harbur')).toBe('("harbur"* OR "harbor" OR "harbour")');
    await fixture.search.upsert('events', [{ id: 'rewritten', name: 'Harbr fair' }]);
    expect(expression('harbur')).toBe('("harbur"* OR "harbour" OR "harbr")');
    await fixture.search.upsert('events', [{ id: 'rewritten', name: 'Harbor lights again' }]);
    expect(expression('harbur')).toBe('("harbur"* OR "harbor" OR "harbour")');
    await fixture.search.delete('events', ['rewritten']);
    expect(expression('harbur')).toBe('("harbur"* OR "harbour")');
  });
});
