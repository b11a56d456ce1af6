/**
 * A JSON object the server embedded in the page as inert data (`<script type="application/json" id="...">`,
 * which the CSP allows without a nonce), or undefined when there is none or it does not parse to an object.
 */
export function embeddedJsonObject(elementId: string): Record<string, unknown> | undefined {
  const text = globalThis.document?.getElementById(elementId)?.textContent;
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
