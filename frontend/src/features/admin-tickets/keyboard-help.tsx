import { useRef } from 'react';
import { WorkspaceDialog } from './workspace-dialog.tsx';

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
const CLOSES_HELP = ['?'];

export function KeyboardHelp({ onClose }: { onClose(): void }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  return (
    <WorkspaceDialog title="Keyboard shortcuts" initialFocus={closeButton} alsoClosesOn={CLOSES_HELP} onClose={onClose}>
      <p className="keyboard-help__lead">They work anywhere in the tickets workspace except while typing in a field.</p>
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
    </WorkspaceDialog>
  );
}
