/**
 * Renders the weekly digest as a plain-text and an HTML part. Pure: given the same inputs it returns the same
 * strings, so tests can assert on them and a resend is byte-identical.
 *
 * Everything about an event comes from a feed and is treated as hostile (see mail/escape.ts); the subscriber's
 * own name and city were typed by them and confirmed, and are escaped the same way.
 */
import type { DigestEvent } from './digest-event.ts';
import { digestItem, type DigestItem } from './mail/digest-item.ts';
import { feedText, escapeHtml } from './mail/escape.ts';
import { featuredCardHtml, rowCardHtml } from './mail/event-card.ts';
import { buttonHtml, mailDocument } from './mail/layout.ts';
import { cityEventsUrl, siteRoot } from './mail/links.ts';
import { colours, fontStack } from './mail/palette.ts';
import { countOf } from './mail/plural.ts';
import { DATE_TBA } from './mail/venue-time.ts';

export { eventPageUrl } from './mail/links.ts';

export interface DigestContentInput {
  appName: string;
  publicUrl: string;
  recipientName: string | null;
  /** The subscriber's city and country: the digest is about this place, and the call to action opens it. */
  city: string;
  country: string;
  events: DigestEvent[];
  unsubscribeUrl: string;
  /** A saved search's digest: the search in words, its address on the site and where to change it. */
  savedSearch?: { name: string; url: string; editUrl: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** "Jazz Night, Food Fair and 3 more": the preheader names what is inside before the mail is opened. */
function preheader(items: DigestItem[]): string {
  const named = items.slice(0, 2).map((item) => item.name);
  const rest = items.length - named.length;
  const list = rest > 0 ? `${named.join(', ')} and ${rest} more` : named.join(' and ');
  return `${list}, on the venue's local time.`;
}

function textPart(
  input: DigestContentInput,
  headline: string,
  items: DigestItem[],
  place: string,
  ctaUrl: string,
): string {
  const name = feedText(input.recipientName, 60);
  const saved = input.savedSearch;
  const closing = saved
    ? [
        `See this search on ${input.appName}:`,
        ctaUrl,
        '',
        '--',
        `You get this weekly digest because you saved the search "${saved.name}" on ${input.appName}.`,
        `Edit this search: ${saved.editUrl}`,
        `Unsubscribe from this search with one click: ${input.unsubscribeUrl}`,
        '',
      ]
    : [
        `See all events near ${place}:`,
        ctaUrl,
        '',
        '--',
        `You get this weekly digest because you subscribed to ${input.appName} for ${place}.`,
        `Unsubscribe with one click: ${input.unsubscribeUrl}`,
        '',
      ];
  const events = items.flatMap((item) => [
    item.name,
    item.when?.full ?? DATE_TBA,
    ...(item.place ? [item.place] : []),
    ...(item.price ? [item.price] : []),
    item.url,
    '',
  ]);
  return [
    name ? `Hi ${name},` : 'Hi,',
    '',
    `${headline}. Times are the venue's local time.`,
    '',
    ...events,
    ...closing,
  ].join('\n');
}

function htmlPart(
  input: DigestContentInput,
  subject: string,
  headline: string,
  items: DigestItem[],
  place: string,
  ctaUrl: string,
): string {
  const name = feedText(input.recipientName, 60);
  const greeting = name ? `Hi ${name}, here` : 'Here';
  const [first, ...rest] = items;
  const intro = `<tr><td class="m-pad" style="padding:32px 28px 24px">
<h1 class="m-h1 d-ink" style="margin:0;font-family:${fontStack};font-size:28px;line-height:34px;font-weight:800;letter-spacing:-0.4px;color:${colours.ink}">${escapeHtml(headline)}</h1>
<p class="d-muted" style="margin:10px 0 0;font-family:${fontStack};font-size:16px;line-height:24px;color:${colours.muted}">${escapeHtml(`${greeting} is what's on over the next seven days. Times are the venue's local time.`)}</p>
</td></tr>`;
  const cta = `<tr><td class="m-pad" align="center" style="padding:12px 28px 36px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" class="d-rule" style="border-top:1px solid ${colours.rule}"><tr><td align="center" style="padding-top:28px">
${buttonHtml(ctaUrl, input.savedSearch ? `See this search on ${input.appName}` : `See all events near ${place}`)}
</td></tr></table>
</td></tr>`;
  const body = `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0">
${intro}
${first ? featuredCardHtml(first) : ''}
${rest.map(rowCardHtml).join('\n')}
${cta}
</table>`;
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" target="_blank" style="color:${colours.faint};text-decoration:underline">${escapeHtml(label)}</a>`;
  const home = link(`${siteRoot(input.publicUrl)}/`, input.appName);
  const saved = input.savedSearch;
  const footer = saved
    ? `You get this weekly digest because you saved the search “${escapeHtml(saved.name)}” on ${escapeHtml(input.appName)}.<br>
${link(saved.editUrl, 'Edit this search')} &nbsp;·&nbsp; ${link(input.unsubscribeUrl, 'Unsubscribe from this search')} &nbsp;·&nbsp; ${home}`
    : `You get this weekly digest because you subscribed to ${escapeHtml(input.appName)} for ${escapeHtml(place)}.<br>
${link(input.unsubscribeUrl, 'Unsubscribe')} &nbsp;·&nbsp; ${home}`;
  return mailDocument({
    title: subject,
    preheader: preheader(items),
    kicker: input.savedSearch ? 'Weekly digest · your saved search' : `Weekly digest · ${place}`,
    appName: input.appName,
    homeUrl: `${siteRoot(input.publicUrl)}/`,
    body,
    footer,
  });
}

export function renderDigest(input: DigestContentInput): RenderedMail {
  const items = input.events.map((event) => digestItem(input.publicUrl, event));
  const place = feedText(input.city, 60);
  const saved = input.savedSearch;
  const headline = saved
    ? // The name is quoted: it may start with "Events" or carry its own dates ("this month"), and reads as a name.
      `${countOf(items.length, 'event')} this week for “${feedText(saved.name, 120)}”`
    : `${countOf(items.length, 'event')} near ${place} this week`;
  const subject = `${input.appName}: ${headline}`;
  const ctaUrl = saved ? saved.url : cityEventsUrl(input.publicUrl, { country: input.country, city: input.city });
  return {
    subject,
    text: textPart(input, headline, items, place, ctaUrl),
    html: htmlPart(input, subject, headline, items, place, ctaUrl),
  };
}
