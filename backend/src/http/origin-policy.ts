/**
 * Which page may make a browser change something here. The admin session cookie is `SameSite=Strict`, but
 * "site" means the registrable domain: a page on a sibling subdomain, or on the same host at another port,
 * is same-site and the browser sends the cookie with its form posts and socket handshakes. So every unsafe
 * request and every socket handshake that names where it comes from must come from one of:
 * - this site's public origin (`PUBLIC_URL`);
 * - the host the request itself was sent to (any scheme: TLS usually ends at a proxy in front of the app);
 * - an origin listed in `CORS_ORIGINS`.
 *
 * `CORS_ORIGINS=*` lets any page call the API, but never with the admin cookie: the cookie is the one
 * credential a browser adds on its own, so a cross-origin request carrying it is refused even then.
 *
 * A request naming no origin at all (no `Origin`, no `Referer`) comes from a program, not from a page a
 * visitor was lured to (browsers send `Origin` on every cross-origin POST and WebSocket), and passes.
 */
import { ADMIN_SESSION_COOKIE } from '@evently/platform';

export interface OriginPolicyOptions {
  publicUrl?: string | undefined;
  corsOrigins: string[];
}

export interface RequestOrigin {
  origin: string | undefined;
  referer: string | undefined;
  /** The Host the request was sent to. */
  host: string | undefined;
  cookieHeader: string | undefined;
}

export type OriginVerdict = { allowed: true } | { allowed: false; origin: string };

/** The origin a browser names in `Origin`, else the origin of `Referer`; undefined when it names none. */
function claimedOrigin({ origin, referer }: RequestOrigin): string | undefined {
  if (origin) return origin;
  if (!referer) return undefined;
  // A Referer that is not a URL names no page we could trust: treat it as foreign.
  return URL.canParse(referer) ? new URL(referer).origin : 'null';
}

const hostOf = (origin: string): string | undefined =>
  URL.canParse(origin) ? new URL(origin).host.toLowerCase() : undefined;

const carriesAdminCookie = (cookieHeader: string | undefined) =>
  cookieHeader !== undefined &&
  cookieHeader.split(';').some((pair) => pair.trim().startsWith(`${ADMIN_SESSION_COOKIE}=`));

export function createOriginPolicy({ publicUrl, corsOrigins }: OriginPolicyOptions) {
  const listed = new Set([
    ...(publicUrl ? [new URL(publicUrl).origin] : []),
    ...corsOrigins.filter((origin) => origin !== '*').map((origin) => new URL(origin).origin),
  ]);
  const anyOrigin = corsOrigins.includes('*');

  return function judge(request: RequestOrigin): OriginVerdict {
    const origin = claimedOrigin(request);
    if (origin === undefined) return { allowed: true };
    if (listed.has(origin)) return { allowed: true };
    const host = hostOf(origin);
    if (host !== undefined && request.host !== undefined && host === request.host.toLowerCase())
      return { allowed: true };
    if (anyOrigin && !carriesAdminCookie(request.cookieHeader)) return { allowed: true };
    return { allowed: false, origin };
  };
}

export type OriginPolicy = ReturnType<typeof createOriginPolicy>;
