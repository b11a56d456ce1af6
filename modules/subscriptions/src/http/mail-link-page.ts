/**
 * The small human-readable pages behind the links in our mails (confirm, unsubscribe). They are served by this
 * module, not by the client app, so they work without JavaScript in any browser a mail client opens; they wear
 * the site's header (name, tagline, main navigation) and end with a way back to the events, so a visitor who
 * lands here from a mail is on the site, not on a bare form. A page that changes something shows a button that
 * POSTs, because mail scanners and link previews fetch links with GET: a GET must never confirm or unsubscribe
 * anyone.
 */
const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export interface MailLinkPage {
  appName: string;
  publicUrl: string;
  heading: string;
  body: string;
  /** A button that POSTs to `path` (same origin) to carry out the action. */
  action?: { path: string; label: string };
}

/** The site header's navigation (frontend/src/components/layout/site-header.tsx). */
const NAV_LINKS = [
  ['/about', 'About'],
  ['/reviews', 'Event Reviews'],
  ['/blog', 'Blog'],
  ['/partner', 'Partner With Us'],
  ['/support', 'Support'],
] as const;

/** The site's colours and type (frontend/src/styles/tokens.css), light and dark. */
const STYLE = `:root{color-scheme:light dark}
*{box-sizing:border-box}
body{font:16px/1.5 'Inter Variable',system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f5f6fa;margin:0;color:#111827}
.hd{background:#0f1024;color:#f8fafc}
.hd-in{max-width:1280px;margin:0 auto;padding:8px 16px;display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;min-height:60px}
.brand{display:flex;align-items:center;gap:12px;color:inherit;text-decoration:none;margin-right:auto;min-width:0}
.brand b{font-size:1.25rem;letter-spacing:-0.01em}
.brand small{font-size:.875rem;color:#c7cbe0}
.hd nav ul{display:flex;flex-wrap:wrap;gap:4px;list-style:none;margin:0;padding:0}
.hd nav a{color:#e3e6f3;text-decoration:none;padding:8px 12px;border-radius:6px;display:block;font-size:.875rem;font-weight:500}
.hd nav a:hover{background:#23264a;color:#fff}
main{max-width:520px;margin:48px auto;padding:0 16px}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:32px;box-shadow:0 1px 3px #0001}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 12px}
p{margin:0 0 20px}
.actions{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin:0}
.actions form{margin:0}
button,.btn{font:inherit;font-weight:600;display:inline-flex;align-items:center;min-height:44px;border-radius:8px;padding:10px 18px;cursor:pointer;text-decoration:none}
button{background:#4f46e5;color:#fff;border:0}
button:hover{background:#4338ca}
.btn{border:1px solid #c9cedb;color:#111827;background:#fff}
.btn:hover{border-color:#4f46e5;color:#4338ca}
@media (max-width:767px){.brand small{display:none}.hd nav{width:100%}.hd nav a{padding:8px 10px}main{margin:24px auto}.card{padding:24px}}
@media (prefers-color-scheme:dark){body{background:#0c0d16;color:#eef0f7}.hd{background:#07080f}
.card{background:#161826;border-color:#2a2d40}.btn{background:#161826;color:#eef0f7;border-color:#3a3e55}.btn:hover{color:#c7c4ff}}`;

/** The brand mark of the site header, drawn inline. */
const LOGO = `<svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><defs><linearGradient id="g" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse"><stop stop-color="#6366f1"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs><rect width="32" height="32" rx="9" fill="url(#g)"/><path d="M10 9h12M10 16h9M10 23h12M10 9v14" stroke="#fff" stroke-width="3" stroke-linecap="round" fill="none"/></svg>`;

export function mailLinkPage({ appName, publicUrl, heading, body, action }: MailLinkPage): string {
  const site = escapeHtml(publicUrl.replace(/\/+$/, ''));
  const app = escapeHtml(appName);
  const button = action
    ? `<form method="post" action="${escapeHtml(action.path)}"><button type="submit">${escapeHtml(action.label)}</button></form>`
    : '';
  const nav = NAV_LINKS.map(([path, label]) => `<li><a href="${site}${path}">${label}</a></li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} | ${app}</title>
<style>${STYLE}</style></head>
<body><header class="hd"><div class="hd-in"><a class="brand" href="${site}/">${LOGO}<b>${app}</b><small>Discover events near you and around the world</small></a>
<nav aria-label="Main"><ul>${nav}</ul></nav></div></header>
<main><div class="card"><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(body)}</p>
<div class="actions">${button}<a class="btn" href="${site}/">Back to Events</a></div></div></main></body></html>`;
}
