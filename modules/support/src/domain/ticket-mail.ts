/**
 * The support mails as plain text plus simple HTML. Pure: the same inputs give the same strings. Everything a
 * visitor or an administrator typed is escaped in the HTML part. The Subject header carries only our words, the
 * ticket number and our labels, never what a visitor typed: anyone can open a ticket in anyone's name, and a
 * subject of theirs in our Subject line would turn the confirmation into their message to that inbox.
 */
import { categoryLabel } from '../contracts/categories.ts';
import type { TicketPriority } from '../contracts/vocabulary.ts';
import type { BrowserInfo } from './ticket.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The visitor's private link: opens Track Ticket with the number and unlocks the conversation. */
export function trackingUrl(publicUrl: string, ticketNumber: string, token: string): string {
  return `${base(publicUrl)}/support?ticket=${encodeURIComponent(ticketNumber)}&token=${encodeURIComponent(token)}#search`;
}

export const adminPanelUrl = (publicUrl: string) => `${base(publicUrl)}/admin`;

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

const layout = (body: string) =>
  `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:600px">\n${body}\n</body></html>`;

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;

export interface ConfirmationInput {
  appName: string;
  ticketNumber: string;
  subject: string;
  userName: string;
  trackingUrl: string;
}

export function renderConfirmation(input: ConfirmationInput): RenderedMail {
  const intro = `Thank you for contacting ${input.appName} support. We have received your request and will get back to you as soon as we can.`;
  const keep = 'Keep this e-mail: the link is private and lets you read our replies and add a message.';
  return {
    subject: `[${input.ticketNumber}] We received your request`,
    text: [
      `Hi ${input.userName},`,
      '',
      intro,
      '',
      `Ticket number: ${input.ticketNumber}`,
      `Subject: ${input.subject}`,
      '',
      `Track your ticket: ${input.trackingUrl}`,
      keep,
      '',
      `The ${input.appName} team`,
    ].join('\n'),
    html: layout(
      [
        `<p>Hi ${escapeHtml(input.userName)},</p>`,
        `<p>${escapeHtml(intro)}</p>`,
        `<p><strong>Ticket number:</strong> ${escapeHtml(input.ticketNumber)}<br><strong>Subject:</strong> ${escapeHtml(input.subject)}</p>`,
        button(input.trackingUrl, 'Track your ticket'),
        `<p style="color:#6b7280;font-size:13px">${escapeHtml(keep)}</p>`,
        `<p>The ${escapeHtml(input.appName)} team</p>`,
      ].join('\n'),
    ),
  };
}

export interface TeamNoticeInput {
  appName: string;
  ticketNumber: string;
  subject: string;
  description: string;
  category: string;
  priority: TicketPriority;
  userName: string;
  userEmail: string;
  userPhone: string | null;
  pageUrl: string | null;
  browserInfo: BrowserInfo | null;
  adminUrl: string;
}

export function renderTeamNotice(input: TeamNoticeInput): RenderedMail {
  const browser = input.browserInfo
    ? [
        input.browserInfo.userAgent,
        input.browserInfo.language,
        input.browserInfo.platform,
        input.browserInfo.screenResolution,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  const rows: Array<[string, string]> = [
    ['Ticket', input.ticketNumber],
    ['From', `${input.userName} <${input.userEmail}>`],
    ['Phone', input.userPhone ?? '-'],
    ['Category', categoryLabel(input.category)],
    ['Priority', input.priority],
    ['Page', input.pageUrl ?? '-'],
    ['Browser', browser || '-'],
  ];
  return {
    subject: `[${input.ticketNumber}] New ${input.priority} ticket: ${categoryLabel(input.category)}`,
    text: [
      `A new support ticket was opened on ${input.appName}.`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      `Subject: ${input.subject}`,
      '',
      input.description,
      '',
      `Answer it in the admin panel: ${input.adminUrl}`,
    ].join('\n'),
    html: layout(
      [
        `<p>A new support ticket was opened on ${escapeHtml(input.appName)}.</p>`,
        `<table cellpadding="4" style="border-collapse:collapse">${rows
          .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
          .join('')}</table>`,
        `<h3>${escapeHtml(input.subject)}</h3>`,
        paragraphs(input.description),
        button(input.adminUrl, 'Open the admin panel'),
      ].join('\n'),
    ),
  };
}

export interface UpdateInput {
  appName: string;
  ticketNumber: string;
  subject: string;
  userName: string;
  /** The new status in words, when the status changed. */
  newStatus: string | null;
  reply: { senderName: string; message: string } | null;
  trackingUrl: string;
}

export function renderUpdate(input: UpdateInput): RenderedMail {
  const headline = input.newStatus
    ? `The status of your ticket ${input.ticketNumber} is now: ${input.newStatus}.`
    : `There is a new reply on your ticket ${input.ticketNumber}.`;
  const subject = input.newStatus
    ? `[${input.ticketNumber}] Status: ${input.newStatus}${input.reply ? ' (new reply)' : ''}`
    : `[${input.ticketNumber}] New reply`;
  return {
    subject,
    text: [
      `Hi ${input.userName},`,
      '',
      headline,
      `Subject: ${input.subject}`,
      ...(input.reply ? ['', `${input.reply.senderName} wrote:`, '', input.reply.message] : []),
      '',
      `See the conversation or answer: ${input.trackingUrl}`,
      '',
      `The ${input.appName} team`,
    ].join('\n'),
    html: layout(
      [
        `<p>Hi ${escapeHtml(input.userName)},</p>`,
        `<p>${escapeHtml(headline)}<br><strong>Subject:</strong> ${escapeHtml(input.subject)}</p>`,
        ...(input.reply
          ? [
              `<p><strong>${escapeHtml(input.reply.senderName)} wrote:</strong></p>`,
              `<blockquote style="border-left:3px solid #c7d2fe;margin:0;padding-left:12px">${paragraphs(input.reply.message)}</blockquote>`,
            ]
          : []),
        button(input.trackingUrl, 'See the conversation'),
        `<p>The ${escapeHtml(input.appName)} team</p>`,
      ].join('\n'),
    ),
  };
}
