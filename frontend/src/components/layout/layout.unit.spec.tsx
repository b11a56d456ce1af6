import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { HelpWidget } from './help-widget.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

afterEach(cleanup);

describe('footer', () => {
  it('shows only the configured social links, the three partners, the disclaimer and copyright 2025', () => {
    render(
      <MemoryRouter>
        <SiteFooter appName="Evently" social={{ telegram: 'https://t.me/evently' }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Telegram' }).getAttribute('href')).toBe('https://t.me/evently');
    expect(screen.queryByRole('link', { name: 'Instagram' })).toBeNull();
    const partners = screen.getByRole('heading', { name: 'Our Partners' }).parentElement!;
    expect(partners.querySelectorAll('a[target="_blank"]')).toHaveLength(3);
    expect(screen.getByText(/may earn a commission/).textContent).toContain(
      'Prices and availability can change without notice.',
    );
    expect(screen.getByText(/© 2025 Evently/)).toBeTruthy();
  });

  it('leaves out the Follow Us column when no social link is configured', () => {
    render(
      <MemoryRouter>
        <SiteFooter appName="Evently" social={{}} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading', { name: 'Follow Us' })).toBeNull();
  });
});

describe('header', () => {
  it('has the five navigation links and a menu toggle', () => {
    render(
      <MemoryRouter>
        <SiteHeader appName="Evently" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'About',
      'Event Reviews',
      'Blog',
      'Partner With Us',
      'Support',
    ]);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes the open menu on Escape and hands focus back to its button', () => {
    render(
      <MemoryRouter>
        <SiteHeader appName="Evently" />
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-label')).toBe('Open menu');
    expect(document.activeElement).toBe(toggle);
  });
});

describe('help widget', () => {
  it('opens the three support entries in a new tab at their anchors', () => {
    render(<HelpWidget />);
    fireEvent.click(screen.getByRole('button', { name: 'Need Help?' }));
    expect(screen.getByText("We're here to assist you")).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('target')])).toEqual([
      ['/support#faq', '_blank'],
      ['/support#contact', '_blank'],
      ['/support#search', '_blank'],
    ]);
    expect(screen.getByText(/Average response time: 24h/).textContent).toContain('Support hours: 9 AM - 6 PM EST');
  });
});
