/**
 * The frame both mails share, built the way mail clients can actually render: nested tables, every style
 * inline, a 600 px column (a "ghost table" for Outlook on Windows, which ignores max-width), and a small
 * <style> block only for what inline styles cannot say (dark mode and narrow screens); clients that drop it
 * still get a complete light layout. Callers pass HTML they have already escaped.
 */
import { escapeHtml } from './escape.ts';
import { colours, fontStack } from './palette.ts';

export interface MailFrame {
  title: string;
  /** The grey line inbox lists show after the subject; hidden in the mail itself. */
  preheader: string;
  /** Right of the wordmark, e.g. "Weekly digest · Austin" (plain text). */
  kicker: string;
  appName: string;
  homeUrl: string;
  /** Inner HTML of the white card. */
  body: string;
  /** Inner HTML of the small print under the card. */
  footer: string;
}

const d = colours.dark;

// Class names are the hooks for the two media queries; `[data-ogsc]` is Outlook.com's dark-mode prefix.
const HEAD_STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin:0; padding:0; -webkit-text-size-adjust:100%; }
a { text-decoration:none; }
@media (max-width: 620px) {
  .m-pad { padding-left:20px !important; padding-right:20px !important; }
  .m-stack { display:block !important; width:100% !important; max-width:100% !important; }
  .m-thumb { padding:0 0 12px 0 !important; }
  .m-flush { padding-left:0 !important; }
  .m-thumb img { width:100% !important; max-width:100% !important; height:auto !important; }
  .m-h1 { font-size:24px !important; line-height:30px !important; }
}
@media (prefers-color-scheme: dark) {
  .d-page { background:${d.page} !important; }
  .d-card { background:${d.card} !important; }
  .d-ink { color:${d.ink} !important; }
  .d-muted { color:${d.muted} !important; }
  .d-faint, .d-faint a { color:${d.faint} !important; }
  .d-rule { border-color:${d.rule} !important; }
  .d-brand { color:${d.brand} !important; }
  .d-accent { color:${d.accent} !important; }
}
[data-ogsc] .d-ink { color:${d.ink} !important; }
[data-ogsc] .d-muted { color:${d.muted} !important; }
[data-ogsc] .d-brand { color:${d.brand} !important; }
[data-ogsc] .d-accent { color:${d.accent} !important; }
`;

/** Hidden preheader, padded with zero-width joiners so clients do not pull body text into the preview line. */
function preheaderHtml(text: string): string {
  const filler = '&#8199;&#65279;&#847; '.repeat(40);
  return `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">${escapeHtml(text)}${filler}</div>`;
}

/** A "bulletproof" button: the colour sits on the table cell, so it shows even where link padding is ignored. */
export function buttonHtml(href: string, label: string): string {
  return `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:0 auto">
<tr><td align="center" bgcolor="${colours.brand}" style="border-radius:10px;background:${colours.brand}">
<a href="${escapeHtml(href)}" target="_blank" style="display:inline-block;padding:14px 28px;font-family:${fontStack};font-size:16px;line-height:20px;font-weight:700;color:${colours.brandInk};text-decoration:none;border-radius:10px">${escapeHtml(label)}</a>
</td></tr></table>`;
}

export function mailDocument(frame: MailFrame): string {
  return `<!doctype html>
<html lang="en" xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no, email=no">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(frame.title)}</title>
<!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->
<style>${HEAD_STYLE}</style>
</head>
<body class="d-page" style="margin:0;padding:0;background:${colours.page};word-spacing:normal">
${preheaderHtml(frame.preheader)}
<table role="presentation" class="d-page" width="100%" cellspacing="0" cellpadding="0" border="0" bgcolor="${colours.page}" style="background:${colours.page}">
<tr><td align="center" style="padding:24px 12px">
<!--[if mso]><table role="presentation" width="600" cellspacing="0" cellpadding="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:600px;margin:0 auto">
<tr><td class="m-pad" style="padding:4px 28px 16px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0"><tr>
<td style="font-family:${fontStack};font-size:22px;line-height:28px;font-weight:800;letter-spacing:-0.3px"><a class="d-brand" href="${escapeHtml(frame.homeUrl)}" target="_blank" style="color:${colours.brand};text-decoration:none">${escapeHtml(frame.appName)}</a></td>
<td align="right" class="d-muted" style="font-family:${fontStack};font-size:13px;line-height:18px;color:${colours.muted}">${escapeHtml(frame.kicker)}</td>
</tr></table>
</td></tr>
<tr><td class="d-card" bgcolor="${colours.card}" style="background:${colours.card};border-radius:16px;overflow:hidden">
${frame.body}
</td></tr>
<tr><td class="m-pad d-faint" align="center" style="padding:20px 28px 8px;font-family:${fontStack};font-size:12px;line-height:18px;color:${colours.faint}">
${frame.footer}
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>`;
}
