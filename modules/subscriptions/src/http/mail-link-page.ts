/** The small human-readable pages behind the unsubscribe link (no app shell needed, works in any client). */
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

export function unsubscribePage(appName: string, publicUrl: string, heading: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(heading)} - ${escapeHtml(appName)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#f5f5f7;margin:0;padding:48px 16px;color:#111}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin-top:0}a{color:#4338ca}</style></head>
<body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(publicUrl.replace(/\/+$/, ''))}/">Back to ${escapeHtml(appName)}</a></p></main></body></html>`;
}
