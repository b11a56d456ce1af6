import { useEffect, useId, type ReactNode, type RefObject } from 'react';

interface Props {
  title: string;
  /** Added to the card's class, for a dialog with a layout of its own. */
  className?: string;
  /** What takes the focus on opening; it returns to where it was on closing. */
  initialFocus: RefObject<HTMLElement | null>;
  /** Keys that close the dialog besides Escape (the help's own `?`). */
  alsoClosesOn?: readonly string[];
  onClose(): void;
  children: ReactNode;
}

/**
 * A modal card over the tickets workspace: a click outside, Escape (or `alsoClosesOn`) closes it, and the
 * keys it catches never reach the workspace's own shortcuts underneath.
 */
export function WorkspaceDialog({ title, className, initialFocus, alsoClosesOn = [], onClose, children }: Props) {
  const id = useId();
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    initialFocus.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || alsoClosesOn.includes(event.key)) {
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
  }, [onClose, initialFocus, alsoClosesOn]);

  return (
    <div className="keyboard-help" onClick={onClose}>
      <div
        className={className ? `card keyboard-help__card ${className}` : 'card keyboard-help__card'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
