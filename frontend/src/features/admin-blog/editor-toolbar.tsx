import { EMOJI_SHORTCUTS, insertText, toggleBold, toggleHeading, type Edit } from './insert-markdown.ts';

interface Props {
  /** Applies an edit computed from the body's current text and selection. */
  onEdit(edit: (text: string, start: number, end: number) => Edit): void;
  controls: string;
}

/** Spec 02 §2: Bold, H1, H2, H3 and six emoji shortcuts, each writing Markdown at the cursor. */
export function EditorToolbar({ onEdit, controls }: Props) {
  return (
    <div className="blog-editor__toolbar" role="toolbar" aria-label="Formatting" aria-controls={controls}>
      <button type="button" className="btn btn-small" title="Bold" aria-label="Bold" onClick={() => onEdit(toggleBold)}>
        <strong>B</strong>
      </button>
      {([1, 2, 3] as const).map((level) => (
        <button
          key={level}
          type="button"
          className="btn btn-small"
          title={`Heading ${level}`}
          aria-label={`H${level}`}
          onClick={() => onEdit((text, start) => toggleHeading(text, start, level))}
        >
          H{level}
        </button>
      ))}
      <span className="blog-editor__toolbar-gap" aria-hidden="true" />
      {EMOJI_SHORTCUTS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          className="btn btn-small blog-editor__emoji"
          aria-label={`Insert ${emoji}`}
          onClick={() => onEdit((text, start, end) => insertText(text, start, end, emoji))}
        >
          {emoji}
        </button>
      ))}
    </div>
  );
}
