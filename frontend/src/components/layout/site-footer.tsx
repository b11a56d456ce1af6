import { Link } from 'react-router-dom';
import './site-footer.css';

export interface FooterSocialLinks {
  telegram?: string;
  instagram?: string;
  x?: string;
  facebook?: string;
}

/** Spec 01 "Footer": the three partner sites (a ticketing marketplace, an experiences site, a hotel site). */
const PARTNERS = [
  { href: 'https://www.ticketmaster.com/', label: 'Ticketmaster' },
  { href: 'https://feverup.com/', label: 'Fever' },
  { href: 'https://www.booking.com/', label: 'Booking.com' },
] as const;

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
        <section aria-labelledby="footer-company">
          <h2 id="footer-company">Company</h2>
          <ul>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/partner">Partner With Us</Link>
            </li>
            <li>
              <Link to="/support">Support</Link>
            </li>
            <li>
              <Link to="/reviews">Event Reviews</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal">Legal</h2>
          <ul>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Use</Link>
            </li>
          </ul>
        </section>
        {socialLinks.length > 0 && (
          <section aria-labelledby="footer-social">
            <h2 id="footer-social">Follow Us</h2>
            <ul>
              {socialLinks.map((link) => (
                <li key={link.label}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="footer-partners">
          <h2 id="footer-partners">Our Partners</h2>
          <ul>
            {PARTNERS.map((partner) => (
              <li key={partner.label}>
                <a href={partner.href} target="_blank" rel="noopener noreferrer sponsored">
                  {partner.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="site-footer__disclaimer">
        {appName} may earn a commission from purchases made through partner links. Prices and availability can change
        without notice.
      </p>
      <p className="site-footer__copyright">© 2025 {appName}. All rights reserved.</p>
    </footer>
  );
}
