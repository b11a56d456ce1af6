import { useId, useState } from 'react';
import './help-widget.css';

/** Spec 01 "Floating help widget": each entry opens the support page in a new tab at its anchor. */
const ENTRIES = [
  { href: '/support#faq', label: 'FAQ', hint: 'Find quick answers' },
  { href: '/support#contact', label: 'Contact Support', hint: 'Submit a ticket' },
  { href: '/support#search', label: 'Track Ticket', hint: 'Check ticket status' },
] as const;

export function HelpWidget() {
  const [open, setOpen] = useState(false);
  const panelId = useId();

  return (
    <aside className="help-widget" aria-label="Help">
      {open && (
        <div className="help-widget__panel" id={panelId}>
          <p className="help-widget__title">Need Help?</p>
          <p className="help-widget__subtitle">We&apos;re here to assist you</p>
          <ul>
            {ENTRIES.map((entry) => (
              <li key={entry.href}>
                <a href={entry.href} target="_blank" rel="noopener">
                  <strong>{entry.label}</strong>
                  <span>{entry.hint}</span>
                </a>
              </li>
            ))}
          </ul>
          <p className="help-widget__facts">
            Average response time: 24h
            <br />
            Support hours: 9 AM - 6 PM EST
          </p>
        </div>
      )}
      <button
        type="button"
        className="help-widget__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Close help' : 'Need Help?'}
      </button>
    </aside>
  );
}
