import { config } from './config.ts';
import { PAGE_TITLES, normalisePath } from './route-paths.ts';

/**
 * Spec 02 "Page titles": fixed titles for the known pages, the path itself for any other page, and nothing
 * for event pages and blog posts (they title themselves after the event or the post, as the server already
 * wrote it). The product name is always the suffix.
 */
export function withProductName(title: string, appName: string = config.appName): string {
  return `${title} | ${appName}`;
}

export function isEventPath(pathname: string): boolean {
  return /^\/events?\//.test(pathname);
}

/** A blog post's path, `/blog/{slug}`. */
export function isBlogPostPath(pathname: string): boolean {
  return /^\/blog\/[^/]+$/.test(pathname);
}

/** The document title for a path, or null when the page sets its own (event pages, blog posts). */
export function titleForPath(pathname: string, appName: string = config.appName): string | null {
  const path = normalisePath(pathname);
  if (isEventPath(path) || isBlogPostPath(path)) return null;
  return withProductName(PAGE_TITLES[path] ?? path, appName);
}
