/**
 * Feed text is hostile until shown otherwise: an event name can carry markup, line breaks that fake a new line
 * in the plain-text part ("Unsubscribe: https://evil"), or bidi controls that reorder what a reader sees. Every
 * string from a feed or a subscriber passes through `feedText` once and through `escapeHtml` in the HTML part.
 */

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}

// C0/C1 controls (line breaks included) and the Unicode bidi embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** One line of display text: controls become spaces, runs of space collapse, long text ends in an ellipsis. */
export function feedText(value: string | null | undefined, maxLength = 140): string {
  const line = (value ?? '').replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1).trimEnd()}…` : line;
}

/** An absolute http(s) URL from a feed, normalised; anything else (javascript:, data:, relative) is dropped. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
