/**
 * The small human-readable pages behind the links in our mails (confirm, unsubscribe). No app shell needed,
 * works in any client. A page that changes something shows a button that POSTs, because mail scanners and
 * link previews fetch links with GET: a GET must never confirm or unsubscribe anyone.
 */
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

export interface MailLinkPage {
  appName: string;
  publicUrl: string;
  heading: string;
  body: string;
  /** A button that POSTs to `path` (same origin) to carry out the action. */
  action?: { path: string; label: string };
}

export function mailLinkPage({ appName, publicUrl, heading, body, action }: MailLinkPage): string {
  const button = action
    ? `<form method="post" action="${escapeHtml(action.path)}"><button type="submit">${escapeHtml(action.label)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} - ${escapeHtml(appName)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#f5f5f7;margin:0;padding:48px 16px;color:#111}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin-top:0}a{color:#4338ca}
button{font:inherit;background:#4338ca;color:#fff;border:0;border-radius:8px;padding:10px 18px;cursor:pointer}</style></head>
<body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(body)}</p>${button}
<p><a href="${escapeHtml(publicUrl.replace(/\/+$/, ''))}/">Back to ${escapeHtml(appName)}</a></p></main></body></html>`;
}
