/**
 * What the server puts in the app shell's `<head>` for one page, and how it goes in: the title, meta
 * description, canonical URL, Open Graph and Twitter card tags and JSON-LD blocks, written into the built
 * index.html so crawlers and link previews see them without running the script.
 */
import { escapeHtml, jsonForScript } from './html-escape.ts';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  image?: string | null;
  /** Open Graph type: `website` for most pages, `article` for posts. */
  ogType?: 'website' | 'article';
  siteName: string;
  /** Pages that must stay out of search results (the admin panel, not-found pages). */
  noindex?: boolean;
  jsonLd?: unknown[];
  /**
   * Blog posts keyed by slug, embedded for the client to use before fetching (spec 02 "Blog post page"). They
   * travel as an inert JSON script (`type="application/json"`), which the CSP allows without a nonce.
   */
  preloadedPosts?: Record<string, unknown>;
}

/** Where the client looks for the embedded posts (`frontend/src/features/blog/preloaded-posts.ts`). */
export const PRELOADED_POSTS_ELEMENT_ID = 'evently-preloaded-posts';

const MAX_DESCRIPTION = 160;

/** One line, at most 160 characters, cut at a word: what search results show of a description. */
export function summarise(text: string | null | undefined, max = MAX_DESCRIPTION): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

export function headTags(meta: PageMeta): string {
  const tag = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    ...(meta.noindex ? [tag('name', 'robots', 'noindex')] : []),
    tag('property', 'og:site_name', meta.siteName),
    tag('property', 'og:type', meta.ogType ?? 'website'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.canonical),
    ...(meta.image ? [tag('property', 'og:image', meta.image)] : []),
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    ...(meta.image ? [tag('name', 'twitter:image', meta.image)] : []),
    ...(meta.jsonLd ?? []).map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
    ...(meta.preloadedPosts
      ? [
          `<script type="application/json" id="${PRELOADED_POSTS_ELEMENT_ID}">${jsonForScript(meta.preloadedPosts)}</script>`,
        ]
      : []),
  ];
  return tags.map((line) => `    ${line}`).join('\n');
}

/** index.html with its own title and description replaced by the page's head tags. */
export function renderShell(indexHtml: string, meta: PageMeta): string {
  const stripped = indexHtml
    .replace(/\s*<title>[\s\S]*?<\/title>/i, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  // A replacer function: a title may hold `$&` and the like, which a replacement string would expand.
  return stripped.replace(/\s*<\/head>/i, () => `\n${headTags(meta)}\n  </head>`);
}
