/**
 * The few XML forms an RSS 2.0 document needs, each saying what its content is, because RSS itself does not:
 * readers differ on whether a title or a category may hold HTML, and one that renders it turns an admin's
 * "Fish & <Chips>" into markup.
 *
 * - `text`: plain text (titles, categories, the channel's fields), with `&`, `<` and `>` written as hexadecimal
 *   character references, the form the RSS Advisory Board's Best Practices Profile finds read as text by the
 *   widest range of aggregators. Never CDATA: a reader cannot tell CDATA text from CDATA markup.
 * - `htmlOfText`: plain text for an element whose content is HTML (an item's `description`): escaped as HTML,
 *   then as XML, so every reader shows the characters that were typed.
 * - `cdata`: HTML we rendered ourselves (`content:encoded`), kept readable in the source.
 *
 * Characters XML 1.0 cannot carry at all (most control characters, lone surrogates) are dropped.
 */

const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const xmlSafe = (value: string) => value.replace(NOT_XML, '');

const TEXT_REFERENCES: Record<string, string> = { '&': '&#x26;', '<': '&#x3C;', '>': '&#x3E;' };

/** Character data that every reader shows as the characters themselves. */
export function text(value: string): string {
  return xmlSafe(value).replace(/[&<>]/g, (char) => TEXT_REFERENCES[char]!);
}

/** An attribute value (URLs, MIME types), in double quotes. */
export function attribute(value: string): string {
  return xmlSafe(value).replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!,
  );
}

/** Plain text inside an element whose content is HTML: shown as typed, never parsed as tags or entities. */
export function htmlOfText(value: string): string {
  const html = xmlSafe(value).replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
  return html.replace(/[&<>]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[char]!);
}

/** Markup we produced, as one CDATA section (a `]]>` inside is split across two). */
export function cdata(html: string): string {
  return `<![CDATA[${xmlSafe(html).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** An element with already-encoded content (from the functions above) and attributes. */
export function element(name: string, content: string | null, attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${attribute(value)}"`)
    .join('');
  return content === null ? `<${name}${attrs}/>` : `<${name}${attrs}>${content}</${name}>`;
}
