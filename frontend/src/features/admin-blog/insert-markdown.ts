/**
 * What the editor's toolbar does to the body (spec 02 §2: Bold, H1, H2, H3 and six emoji): pure edits of the
 * text at the textarea's selection, each answering the new text and where the selection goes, so the author
 * can keep typing. The result is the Markdown subset the server renders (modules/blog).
 */
export interface Edit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

export const EMOJI_SHORTCUTS = ['🎉', '🎶', '🎟️', '📍', '⭐', '❤️'] as const;

/** Wraps the selection in `**`; with nothing selected, inserts a placeholder and selects it. */
export function toggleBold(text: string, start: number, end: number): Edit {
  const selected = text.slice(start, end);
  if (selected.startsWith('**') && selected.endsWith('**') && selected.length >= 4) {
    const inner = selected.slice(2, -2);
    return {
      text: text.slice(0, start) + inner + text.slice(end),
      selectionStart: start,
      selectionEnd: start + inner.length,
    };
  }
  const inner = selected || 'bold text';
  return {
    text: `${text.slice(0, start)}**${inner}**${text.slice(end)}`,
    selectionStart: start + 2,
    selectionEnd: start + 2 + inner.length,
  };
}

/** Makes the line under the cursor a heading of `level` (replacing any heading mark it had); again removes it. */
export function toggleHeading(text: string, start: number, level: 1 | 2 | 3): Edit {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEndAt = text.indexOf('\n', start);
  const lineEnd = lineEndAt === -1 ? text.length : lineEndAt;
  const line = text.slice(lineStart, lineEnd);
  const existing = /^#{1,6}\s+/.exec(line)?.[0] ?? '';
  const mark = `${'#'.repeat(level)} `;
  const body = line.slice(existing.length) || 'Heading';
  const next = existing.trim() === mark.trim() ? body : mark + body;
  const newText = text.slice(0, lineStart) + next + text.slice(lineEnd);
  const bodyStart = lineStart + next.length - body.length;
  return { text: newText, selectionStart: bodyStart, selectionEnd: bodyStart + body.length };
}

/** Replaces the selection with `value` and puts the cursor after it. */
export function insertText(text: string, start: number, end: number, value: string): Edit {
  const cursor = start + value.length;
  return { text: text.slice(0, start) + value + text.slice(end), selectionStart: cursor, selectionEnd: cursor };
}
