import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Icon, type IconName } from '../icon/icon.tsx';
import './popover.css';

interface Props {
  /** The button's text, e.g. 'Price' or '$10 - $50'. */
  label: ReactNode;
  /** The button's accessible name when the label alone would be unclear. */
  ariaLabel?: string;
  icon?: IconName;
  active?: boolean;
  /** Extra class on the wrapper, e.g. to lay the panel out inline inside the phone sheet. */
  className?: string;
  /** Opens from outside (e.g. when a location request starts, so its result is visible). */
  openSignal?: number;
  children: ReactNode;
}

/**
 * A compact control that opens a panel under it (non-modal disclosure). The panel stays in the document while
 * closed (hidden), so its fields keep their state and labels; Escape and a click outside close it.
 */
export function Popover({ label, ariaLabel, icon, active = false, className, openSignal, children }: Props) {
  // A signal already given when the panel mounts opens it too.
  const [open, setOpen] = useState(() => Boolean(openSignal));
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // A new signal opens the panel; it is compared while rendering, so the panel opens in the same render.
  const [seenSignal, setSeenSignal] = useState(openSignal);
  if (openSignal !== seenSignal) {
    setSeenSignal(openSignal);
    if (openSignal) setOpen(true);
  }

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className={['popover', open ? 'popover--open' : '', className ?? ''].filter(Boolean).join(' ')}>
      <button
        ref={button}
        type="button"
        className={active ? 'popover__button popover__button--active' : 'popover__button'}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={ariaLabel}
        onClick={() => setOpen((current) => !current)}
      >
        {icon && <Icon name={icon} />}
        <span className="popover__label">{label}</span>
        <Icon name="chevronDown" className="popover__chevron" />
      </button>
      <div id={`${id}-panel`} className="popover__panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
