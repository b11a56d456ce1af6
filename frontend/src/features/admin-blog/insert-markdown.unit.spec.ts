import { describe, expect, it } from 'vitest';
import { EMOJI_SHORTCUTS, insertText, toggleBold, toggleHeading } from './insert-markdown.ts';

describe('toolbar: Bold', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(toggleBold('a great night', 2, 7)).toEqual({
      text: 'a **great** night',
      selectionStart: 4,
      selectionEnd: 9,
    });
  });

  it('inserts a selected placeholder at the cursor when nothing is selected', () => {
    expect(toggleBold('ab', 1, 1)).toEqual({ text: 'a**bold text**b', selectionStart: 3, selectionEnd: 12 });
  });

  it('unwraps a selection that is already bold', () => {
    expect(toggleBold('a **great** night', 2, 11).text).toBe('a great night');
  });
});

describe('toolbar: H1, H2, H3', () => {
  it('turns the line under the cursor into a heading', () => {
    expect(toggleHeading('first\nsecond line\nthird', 9, 2).text).toBe('first\n## second line\nthird');
  });

  it('replaces another level and removes the same level', () => {
    expect(toggleHeading('# Title', 3, 3).text).toBe('### Title');
    expect(toggleHeading('## Title', 3, 2).text).toBe('Title');
  });

  it('adds a selected placeholder on an empty line', () => {
    expect(toggleHeading('text\n', 5, 1)).toEqual({ text: 'text\n# Heading', selectionStart: 7, selectionEnd: 14 });
  });
});

describe('toolbar: emoji', () => {
  it('offers six shortcuts', () => {
    expect(EMOJI_SHORTCUTS).toHaveLength(6);
  });

  it('inserts at the cursor, replacing a selection, with the cursor after it', () => {
    expect(insertText('Great night', 5, 5, ' 🎉')).toEqual({
      text: 'Great 🎉 night',
      selectionStart: 8,
      selectionEnd: 8,
    });
    expect(insertText('Great night', 0, 5, '🎶')).toEqual({ text: '🎶 night', selectionStart: 2, selectionEnd: 2 });
  });
});
