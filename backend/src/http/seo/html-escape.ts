/** Escaping for what the server writes into the app shell's `<head>`. */

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/**
 * JSON for `<script type="application/ld+json">`. The HTML parser ends a script at `</script` whatever the
 * JSON means, and `<!--` changes how it scans, so every `<` (and `>`, `&` for good measure) becomes its JSON
 * escape; U+2028/U+2029 are escaped for old JavaScript parsers. The result is still the same JSON value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
