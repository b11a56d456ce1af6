import type { ReactNode } from 'react';

interface Props {
  /** The section's base id: its toggle is `${id}-toggle`, and the toggle controls `${id}-form`. */
  id: string;
  className: string;
  toggleClassName: string;
  /** The toggle's content, which also names the section. */
  toggle: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The form with id `${id}-form` (drawn only while open) and any message around it. */
  children: ReactNode;
}

/** A section that a button opens and closes: a form kept out of the way until the visitor asks for it. */
export function DisclosureSection({ id, className, toggleClassName, toggle, open, onOpenChange, children }: Props) {
  return (
    <section className={className} aria-labelledby={`${id}-toggle`}>
      <button
        id={`${id}-toggle`}
        type="button"
        className={toggleClassName}
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => onOpenChange(!open)}
      >
        {toggle}
      </button>
      {children}
    </section>
  );
}
