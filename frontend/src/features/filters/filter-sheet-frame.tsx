import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from '../../components/icon/icon.tsx';

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * Holds the filter controls. On wide screens it is a plain row in the search bar (header and footer hidden by
 * CSS). On phones it is hidden until the Filters button opens it as a modal bottom sheet: focus moves into it,
 * Escape or 'Show results' closes it and focus returns to the Filters button.
 */
export function FilterSheetFrame({ id, open, onClose, children }: Props) {
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    // The page behind a modal sheet must not scroll under the visitor's thumb.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(id)}"]`)?.focus();
    };
  }, [open, onClose, id]);

  return (
    <>
      {open && <div className="filter-sheet__scrim" onClick={onClose} aria-hidden="true" />}
      <div
        id={id}
        className={open ? 'filter-sheet filter-sheet--open' : 'filter-sheet'}
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        aria-labelledby={open ? `${id}-heading` : undefined}
      >
        <div className="filter-sheet__header">
          <h3 id={`${id}-heading`}>Filters</h3>
          <button ref={closeButton} type="button" className="btn btn-icon" aria-label="Close filters" onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <div className="filter-sheet__body">{children}</div>
        <div className="filter-sheet__footer">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Show results
          </button>
        </div>
      </div>
    </>
  );
}
