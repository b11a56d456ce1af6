import { useEffect, useId, useRef } from 'react';

export const SHORTCUT_HELP: readonly { keys: string; label: string }[] = [
  { keys: 'j', label: 'Next ticket' },
  { keys: 'k', label: 'Previous ticket' },
  { keys: 'r', label: 'Reply to the visitor' },
  { keys: 'n', label: 'Write an internal note' },
  { keys: 'e', label: 'Resolve the ticket' },
  { keys: '/', label: 'In the reply box: insert a canned reply' },
  { keys: 'Ctrl+Enter', label: 'In the reply box: send' },
  { keys: '?', label: 'Show these shortcuts' },
];

/** The list of keys, over the workspace; Escape or the button closes it and focus goes back where it was. */
export function KeyboardHelp({ onClose }: { onClose(): void }) {
  const id = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || event.key === '?') {
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      before?.focus();
    };
  }, [onClose]);

  return (
    <div className="keyboard-help" onClick={onClose}>
      <div
        className="keyboard-help__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={`${id}-title`}>Keyboard shortcuts</h2>
        <p className="keyboard-help__lead">
          They work anywhere in the tickets workspace except while typing in a field.
        </p>
        <dl>
          {SHORTCUT_HELP.map((entry) => (
            <div key={entry.keys}>
              <dt>
                <kbd>{entry.keys}</kbd>
              </dt>
              <dd>{entry.label}</dd>
            </div>
          ))}
        </dl>
        <button ref={closeButton} type="button" className="btn btn-small" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
