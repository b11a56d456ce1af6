/**
 * The double opt-in mail. Anyone can ask for it to be sent to any address, so it holds only our own words and
 * the link: nothing the requester typed (name, city, country) that could carry their message to a stranger.
 * The input type has no field for such text on purpose; keep it that way.
 */
import type { RenderedMail } from './digest-content.ts';
import { escapeHtml } from './mail/escape.ts';
import { buttonHtml, mailDocument } from './mail/layout.ts';
import { siteRoot } from './mail/links.ts';
import { colours, fontStack } from './mail/palette.ts';
import { countOf } from './mail/plural.ts';
import { SIGN_UP_REQUEST_TTL_MS } from './sign-up-request.ts';

export interface ConfirmationContentInput {
  appName: string;
  publicUrl: string;
  confirmUrl: string;
}

const paragraph = (html: string, colour: string = colours.muted, size = 16) =>
  `<p class="${colour === colours.ink ? 'd-ink' : 'd-muted'}" style="margin:0 0 16px;font-family:${fontStack};font-size:${size}px;line-height:${Math.round(size * 1.5)}px;color:${colour}">${html}</p>`;

export function renderConfirmation(input: ConfirmationContentInput): RenderedMail {
  const app = input.appName;
  const home = `${siteRoot(input.publicUrl)}/`;
  const subject = `Confirm your ${app} weekly digest subscription`;
  const headline = 'One more step: confirm';
  const ask = `Someone, hopefully you, asked for the weekly ${app} events digest to be sent to this address: the best upcoming events near the city they chose, once a week.`;
  const action = 'To start receiving it, open the link and press Confirm on the page it opens:';
  const ignore = 'If this was not you, ignore this e-mail: without confirmation you will not hear from us again.';
  const expiry = `The link works for ${countOf(Math.round(SIGN_UP_REQUEST_TTL_MS / 86_400_000), 'day')}.`;

  const text = [
    'Hi,',
    '',
    ask,
    '',
    action,
    input.confirmUrl,
    '',
    expiry,
    ignore,
    '',
    '--',
    `${app} - ${home}`,
    '',
  ].join('\n');

  const body = `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0">
<tr><td class="m-pad" style="padding:32px 28px 8px">
<h1 class="m-h1 d-ink" style="margin:0 0 14px;font-family:${fontStack};font-size:28px;line-height:34px;font-weight:800;letter-spacing:-0.4px;color:${colours.ink}">${escapeHtml(headline)}</h1>
${paragraph(escapeHtml(ask))}
${paragraph(escapeHtml(action), colours.ink)}
</td></tr>
<tr><td class="m-pad" align="center" style="padding:8px 28px 28px">${buttonHtml(input.confirmUrl, 'Open the confirmation page')}</td></tr>
<tr><td class="m-pad" style="padding:0 28px 28px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" class="d-rule" style="border-top:1px solid ${colours.rule}"><tr><td style="padding-top:20px">
${paragraph(`${escapeHtml(expiry)} If the button does not work, paste this address into your browser:<br><a class="d-brand" href="${escapeHtml(input.confirmUrl)}" target="_blank" style="color:${colours.brand};word-break:break-all">${escapeHtml(input.confirmUrl)}</a>`, colours.muted, 14)}
${paragraph(escapeHtml(ignore), colours.muted, 14)}
</td></tr></table>
</td></tr>
</table>`;

  const html = mailDocument({
    title: subject,
    preheader: 'Open the link and press Confirm to start getting the weekly events digest.',
    kicker: 'Weekly digest',
    appName: app,
    homeUrl: home,
    body,
    footer: `You got this e-mail because this address was entered on <a href="${escapeHtml(home)}" target="_blank" style="color:${colours.faint};text-decoration:underline">${escapeHtml(app)}</a>. No confirmation, no mail.`,
  });
  return { subject, text, html };
}
