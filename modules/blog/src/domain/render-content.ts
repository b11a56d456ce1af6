/**
 * Post bodies are stored as a small Markdown subset (what the editor's toolbar writes: **bold**, # headings,
 * plus paragraphs, lists, quotes, links and emphasis) and rendered here, on the server, with markdown-it.
 *
 * Safety comes from the renderer's configuration, not from cleaning HTML afterwards:
 * - `html: false`: raw HTML in a post (`<script>`, `<img onerror>`, comments) is escaped and shown as text;
 * - images are off: a cover is a separate field, so a body cannot load pixels or beacons from anywhere;
 * - `validateLink` admits only http(s), mailto and site-relative targets; a refused link stays literal text;
 * - every attribute markdown-it writes is escaped by it, and links get `rel="nofollow ugc noopener"`.
 * `breaks: true` keeps a single line break as `<br>`, since the spec shows content "with line breaks".
 */
import markdownIt, { type MarkdownIt } from 'markdown-it';

/** Targets a link in a post may have; `//host` and `/\host` are other sites in disguise. */
export function isAllowedLink(href: string): boolean {
  const url = href.trim();
  if (/^https?:\/\/[^/\\]/i.test(url)) return true;
  if (/^mailto:[^\s]+$/i.test(url)) return true;
  return /^[/#](?![/\\])/.test(url) && !/\\/.test(url);
}

function createRenderer(): MarkdownIt {
  const md = markdownIt('default', { html: false, breaks: true, linkify: false, typographer: false });
  md.disable(['image', 'html_block', 'html_inline', 'table', 'code', 'fence', 'hr', 'lheading', 'reference']);
  // markdown-it hands the normalised (entity-decoded, percent-encoded) target here, so `&#106;avascript:` and
  // `JAVASCRIPT:` arrive spelled plainly and are refused like `javascript:`.
  md.validateLink = isAllowedLink;
  const renderLinkOpen = md.renderer.rules.link_open;
  md.renderer.rules.link_open = (tokens, index, options, env, self) => {
    tokens[index]?.attrSet('rel', 'nofollow ugc noopener');
    return renderLinkOpen
      ? renderLinkOpen(tokens, index, options, env, self)
      : self.renderToken(tokens, index, options);
  };
  return md;
}

const renderer = createRenderer();

/** The post body as HTML safe to insert into the page as it is. */
export function renderContent(markdown: string): string {
  return renderer.render(markdown);
}
