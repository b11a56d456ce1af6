/**
 * Line icons for the mail artwork, one per category, drawn for this purpose on a 24-unit grid (stroke only, so
 * they read at thumbnail size). Used by `render-mail-artwork.ts` only; the mails reference the PNGs it makes.
 */
import type { ArtworkCategory } from '../domain/mail/links.ts';

export const ARTWORK_ICONS: Record<ArtworkCategory, string> = {
  'Music & Concerts':
    '<path d="M9 17V6l10-2v11"/><circle cx="6.8" cy="17" r="2.2"/><circle cx="16.8" cy="15" r="2.2"/><path d="M9 9.5l10-2"/>',
  'Sports & Recreation':
    '<circle cx="12" cy="12" r="9"/><path d="M12 3v18"/><path d="M3 12h18"/><path d="M5.6 5.6c2.6 2.6 2.6 10.2 0 12.8"/><path d="M18.4 5.6c-2.6 2.6-2.6 10.2 0 12.8"/>',
  'Arts & Culture':
    '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 16l6-6 5 5 3-3 4 4"/><circle cx="15.5" cy="9" r="1.5"/>',
  'Food & Drink':
    '<path d="M5 9h11v4a5.5 5.5 0 0 1-11 0z"/><path d="M16 10h1.5a2.5 2.5 0 0 1 0 5H16"/><path d="M8.5 3.5v2.5"/><path d="M12.5 3.5v2.5"/><path d="M4 21h13"/>',
  'Business & Professional':
    '<rect x="3" y="7" width="18" height="13" rx="2"/><path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2"/><path d="M3 13h18"/><path d="M11 13v2h2v-2"/>',
  'Community & Social':
    '<circle cx="9" cy="8" r="3"/><path d="M3 20c0-3.5 2.7-6 6-6s6 2.5 6 6"/><circle cx="17" cy="9" r="2.4"/><path d="M16.5 14.2c2.7.3 4.5 2.3 4.5 5"/>',
  'Education & Learning':
    '<path d="M4 5h5.5A2.5 2.5 0 0 1 12 7.5V20a2 2 0 0 0-2-2H4z"/><path d="M20 5h-5.5A2.5 2.5 0 0 0 12 7.5V20a2 2 0 0 1 2-2h6z"/>',
  'Health & Wellness':
    '<path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z"/><path d="M6 12.5h3l1.5-2.5 2 4 1.5-1.5h4"/>',
  Technology:
    '<rect x="7" y="7" width="10" height="10" rx="1.5"/><rect x="10" y="10" width="4" height="4"/><path d="M10 3v4M14 3v4M10 17v4M14 17v4M3 10h4M3 14h4M17 10h4M17 14h4"/>',
  Entertainment: '<path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1.1 5.8L12 16.8l-5.3 2.8 1.1-5.8-4.3-4.1 5.9-.8z"/>',
  'Gift Cards':
    '<rect x="3" y="9" width="18" height="4" rx="1"/><path d="M5 13v7h14v-7"/><path d="M12 9v11"/><path d="M12 9C10.5 5 6.5 4.5 6.5 7S10 9 12 9z"/><path d="M12 9c1.5-4 5.5-4.5 5.5-2S14 9 12 9z"/>',
  Other:
    '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18"/><path d="M8 3v4M16 3v4"/><circle cx="12" cy="15.5" r="1.6"/>',
};
