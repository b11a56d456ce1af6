/**
 * The optional link of a free-text event: an absolute http(s) address, or one of the site's own event paths
 * the form shows as examples (`/event/123`, `/events/123-some-slug`). Anything else (javascript:, mailto:,
 * protocol-relative `//host`, other site paths) is refused: the list page renders it as a link.
 */

const SITE_EVENT_PATH = /^\/(event\/\d+|events\/\d+(-[A-Za-z0-9-]*)?)\/?$/;

export function isAcceptableEventLink(value: string): boolean {
  if (SITE_EVENT_PATH.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
