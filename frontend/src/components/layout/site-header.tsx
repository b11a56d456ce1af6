import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
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
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // Following a link closes the small-screen menu, otherwise it would cover the page just opened.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          <span className="site-header__title">{appName}</span>
          <span className="site-header__tagline">Discover events near you and around the world</span>
        </Link>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="site-navigation"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
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
