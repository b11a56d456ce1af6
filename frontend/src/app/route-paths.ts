/**
 * The client's route table as plain data, shared by the router (page titles, the not-found page) and the
 * server (`backend/src/http/seo/`), which answers a path outside this table with status 404 and renders
 * titles and meta tags before the script runs. Pure TypeScript without imports, so both sides can load it.
 * `router.tsx` is checked against it by `route-paths.unit.spec.ts`.
 */

/** Every page path pattern of the router (react-router syntax), the catch-all excluded. */
export const PAGE_PATHS = [
  '/',
  '/event/:eventId',
  '/events/:slug',
  '/support',
  '/about',
  '/privacy',
  '/terms',
  '/blog',
  '/blog/:slug',
  '/partner',
  '/admin',
  '/reviews',
  '/reviews/write',
  '/reviews/thanks',
] as const;

/**
 * Spec 02 "Page titles": each named page's own title; the product name is added as a suffix. The reviews pages
 * are named pages too (their headings are their titles), so only paths the table does not name keep the
 * spec's path fallback.
 */
export const PAGE_TITLES: Readonly<Record<string, string>> = {
  '/': 'Discover Amazing Events',
  '/support': 'Support',
  '/about': 'About Us',
  '/blog': 'Blog',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Use',
  '/partner': 'Partner With Us',
  '/admin': 'Admin Panel',
  '/reviews': 'Event Reviews',
  '/reviews/write': 'Write a Review',
  '/reviews/thanks': 'Thank You',
};

/** Trailing slashes do not make another page. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Whether the router has a page for this path (a `:param` matches one non-empty segment). */
export function isKnownPath(pathname: string): boolean {
  const segments = normalisePath(pathname).split('/');
  return PAGE_PATHS.some((pattern) => {
    const parts = pattern.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index]))
    );
  });
}
