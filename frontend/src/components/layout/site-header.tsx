import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Icon } from '../icon/icon.tsx';
import './site-header.css';

const NAV_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/reviews', label: 'Event Reviews' },
  { to: '/blog', label: 'Blog' },
  { to: '/partner', label: 'Partner With Us' },
  { to: '/support', label: 'Support' },
] as const;

/** Title, tagline and the main navigation, which folds into a toggle menu on small screens (CSS decides). */
export function SiteHeader({ appName }: { appName: string }) {
  const location = useLocation();
  // The page the small-screen menu was opened on: following a link closes it, otherwise it would cover the
  // page just opened.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.pathname;

  const toggle = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu, and focus goes back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          <svg className="site-header__logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="9" fill="url(#brand-gradient)" />
            <path
              d="M10 9h12M10 16h9M10 23h12M10 9v14"
              stroke="#fff"
              strokeWidth="3"
              strokeLinecap="round"
              fill="none"
            />
            <defs>
              <linearGradient id="brand-gradient" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
                <stop stopColor="#6366f1" />
                <stop offset="1" stopColor="#db2777" />
              </linearGradient>
            </defs>
          </svg>
          <span className="site-header__title">{appName}</span>
          <span className="site-header__tagline">Discover events near you and around the world</span>
        </Link>
        <button
          ref={toggle}
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="site-navigation"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenOn(menuOpen ? null : location.pathname)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
        </button>
        <nav
          id="site-navigation"
          aria-label="Main"
          className={menuOpen ? 'site-header__nav site-header__nav--open' : 'site-header__nav'}
        >
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
