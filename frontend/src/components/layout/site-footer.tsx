import { Link } from 'react-router-dom';
import './site-footer.css';

export interface FooterSocialLinks {
  telegram?: string;
  instagram?: string;
  x?: string;
  facebook?: string;
}

/** A page of this site (`to`) or another site (`href`, opened in a new tab; `rel` adds to `noopener noreferrer`). */
type FooterLink = { label: string } & ({ to: string } | { href: string; rel?: string });

const COMPANY: FooterLink[] = [
  { to: '/about', label: 'About' },
  { to: '/partner', label: 'Partner With Us' },
  { to: '/support', label: 'Support' },
  { to: '/reviews', label: 'Event Reviews' },
  { to: '/blog', label: 'Blog' },
];

const LEGAL: FooterLink[] = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Use' },
];

/** Spec 01 "Footer": the three partner sites (a ticketing marketplace, an experiences site, a hotel site). */
const PARTNERS: FooterLink[] = [
  { href: 'https://www.ticketmaster.com/', label: 'Ticketmaster', rel: 'sponsored' },
  { href: 'https://feverup.com/', label: 'Fever', rel: 'sponsored' },
  { href: 'https://www.booking.com/', label: 'Booking.com', rel: 'sponsored' },
];

function FooterColumn({ id, title, links }: { id: string; title: string; links: FooterLink[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.label}>
            {'to' in link ? (
              <Link to={link.to}>{link.label}</Link>
            ) : (
              <a
                href={link.href}
                target="_blank"
                rel={link.rel ? `noopener noreferrer ${link.rel}` : 'noopener noreferrer'}
              >
                {link.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SiteFooter({ appName, social }: { appName: string; social: FooterSocialLinks }) {
  const socialLinks = [
    { href: social.telegram, label: 'Telegram' },
    { href: social.instagram, label: 'Instagram' },
    { href: social.x, label: 'X' },
    { href: social.facebook, label: 'Facebook' },
  ].filter((link): link is { href: string; label: string } => Boolean(link.href));

  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <FooterColumn id="footer-company" title="Company" links={COMPANY} />
        <FooterColumn id="footer-legal" title="Legal" links={LEGAL} />
        {socialLinks.length > 0 && <FooterColumn id="footer-social" title="Follow Us" links={socialLinks} />}
        <FooterColumn id="footer-partners" title="Our Partners" links={PARTNERS} />
      </div>
      <p className="site-footer__disclaimer">
        {appName} may earn a commission from purchases made through partner links. Prices and availability can change
        without notice.
      </p>
      <p className="site-footer__copyright">© 2025 {appName}. All rights reserved.</p>
    </footer>
  );
}
