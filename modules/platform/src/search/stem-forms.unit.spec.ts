import { describe, expect, it } from 'vitest';
import { stemForms } from './stem-forms.ts';

describe('word forms sharing a stem', () => {
  it('a plural also matches its singular', () => {
    expect(stemForms('concerts', true)).toContain('concert');
    expect(stemForms('festivals', true)).toContain('festival');
    expect(stemForms('parties', true)).toContain('party');
  });

  it('a singular also matches plurals its prefix does not cover', () => {
    expect(stemForms('party', true)).toContain('parties');
    expect(stemForms('concert', true)).not.toContain('concerts');
    expect(stemForms('concert', false)).toContain('concerts');
  });

  it('verb forms meet: dancing, dance, danced', () => {
    expect(stemForms('dancing', true)).toEqual(expect.arrayContaining(['dance', 'danced', 'dances']));
    expect(stemForms('dance', true)).toContain('dancing');
    expect(stemForms('running', true)).toContain('run');
  });

  it('never adds a form with another stem, nor stems short or non-Latin words', () => {
    expect(stemForms('dancer', true)).not.toContain('dance');
    expect(stemForms('at', true)).toEqual([]);
    expect(stemForms('東京', true)).toEqual([]);
  });
});
