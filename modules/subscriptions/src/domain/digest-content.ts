/**
 * Renders the weekly digest as a plain-text and an HTML part. Pure: given the same inputs it returns the same
 * strings, so tests can assert on them and a resend is byte-identical.
 */
import type { DigestEvent } from './digest-event.ts';

export interface DigestContentInput {
  appName: string;
  publicUrl: string;
  recipientName: string | null;
  city: string;
  events: DigestEvent[];
  unsubscribeUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

export function eventPageUrl(publicUrl: string, event: DigestEvent): string {
  return `${base(publicUrl)}/${event.slug ? `events/${event.slug}` : `event/${event.id}`}`;
}

function displayName(event: DigestEvent): string {
  return event.unique_title?.trim() || event.name;
}

/** "Sat, Nov 28, 2026, 7:00 PM UTC"; "Date TBA" when unknown. */
function displayDate(iso: string | null): string {
  if (!iso) return 'Date TBA';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Date TBA';
  return `${date.toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  })} UTC`;
}

function place(event: DigestEvent): string {
  return [event.venue_name, event.city, event.country].filter((part) => part && part.trim()).join(', ');
}

/** Some mail clients block images: every card keeps a coloured block with the category as alt/fallback. */
function imageCell(event: DigestEvent): string {
  const label = escapeHtml(event.category ?? 'Event');
  if (!event.image_url) {
    return `<div style="width:120px;height:90px;background:#4f46e5;color:#fff;font:600 12px sans-serif;display:flex;align-items:center;justify-content:center;text-align:center;border-radius:6px">${label}</div>`;
  }
  return `<img src="${escapeHtml(event.image_url)}" alt="${escapeHtml(displayName(event))} (${label})" width="120" height="90" style="display:block;width:120px;height:90px;object-fit:cover;background:#4f46e5;color:#fff;font:12px sans-serif;border-radius:6px">`;
}

export function renderDigest(input: DigestContentInput): RenderedMail {
  const greeting = input.recipientName ? `Hi ${input.recipientName},` : 'Hi,';
  const subject = `${input.appName}: ${input.events.length} events near ${input.city} this week`;
  const textLines = [
    greeting,
    '',
    `Here are the best events near ${input.city} over the next 7 days:`,
    '',
    ...input.events.flatMap((event, index) => [
      `${index + 1}. ${displayName(event)}`,
      `   ${displayDate(event.date)}${place(event) ? ` · ${place(event)}` : ''}`,
      ...(event.price_text ? [`   ${event.price_text}`] : []),
      `   ${eventPageUrl(input.publicUrl, event)}`,
      '',
    ]),
    `You receive this weekly digest because you subscribed on ${input.appName}.`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ];
  const cards = input.events
    .map(
      (event) => `<tr><td style="padding:8px 12px 8px 0;vertical-align:top">${imageCell(event)}</td>
<td style="padding:8px 0;vertical-align:top;font:14px/1.4 sans-serif;color:#111">
<a href="${escapeHtml(eventPageUrl(input.publicUrl, event))}" style="font-weight:600;color:#4338ca;text-decoration:none">${escapeHtml(displayName(event))}</a><br>
<span style="color:#444">${escapeHtml(displayDate(event.date))}</span><br>
<span style="color:#444">${escapeHtml(place(event))}</span>${event.price_text ? `<br><span style="color:#065f46">${escapeHtml(event.price_text)}</span>` : ''}
</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7">
<div style="max-width:600px;margin:0 auto;background:#fff;padding:24px;border-radius:8px">
<p style="font:16px sans-serif;color:#111">${escapeHtml(greeting)}</p>
<p style="font:14px sans-serif;color:#333">Here are the best events near ${escapeHtml(input.city)} over the next 7 days:</p>
<table role="presentation" cellspacing="0" cellpadding="0" style="width:100%">
${cards}
</table>
<p style="font:12px sans-serif;color:#666;margin-top:24px">You receive this weekly digest because you subscribed on ${escapeHtml(input.appName)}.
<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#666">Unsubscribe</a></p>
</div></body></html>`;
  return { subject, text: textLines.join('\n'), html };
}

/**
 * The double opt-in mail. Anyone can ask for it to be sent to any address, so it holds only our own words and
 * the link: nothing the requester typed (name, city, country) that could carry their message to a stranger.
 */
export function renderConfirmation(input: { appName: string; publicUrl: string; confirmUrl: string }): RenderedMail {
  const subject = `Confirm your ${input.appName} weekly digest subscription`;
  const ask = `Someone, hopefully you, asked for the weekly ${input.appName} events digest to be sent to this address.`;
  const action = 'To start receiving it, confirm your subscription:';
  const ignore = 'If this was not you, ignore this e-mail: without confirmation you will not hear from us again.';
  const text = ['Hi,', '', ask, action, input.confirmUrl, '', ignore, '', `${input.appName} - ${base(input.publicUrl)}/`].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7"><div style="max-width:600px;margin:0 auto;background:#fff;padding:24px;border-radius:8px;font:14px/1.5 sans-serif;color:#111">
<p>Hi,</p><p>${escapeHtml(ask)}</p><p>${escapeHtml(action)}</p>
<p><a href="${escapeHtml(input.confirmUrl)}" style="display:inline-block;background:#4338ca;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Confirm subscription</a></p>
<p style="font-size:12px;color:#666">${escapeHtml(ignore)}</p>
</div></body></html>`;
  return { subject, text, html };
}
