/**
 * The two partnership mails as plain text plus simple HTML. Pure: the same inputs give the same strings.
 *
 * The acknowledgement goes to an address anyone can type into a public form, so it is written to be useless
 * as a spam relay: besides our own fixed text it carries only the company name, flattened to one short line
 * and escaped. The contact name, phone, website and message never appear in it. The team notice carries
 * everything, escaped in HTML; header-bound text (the subject) is kept to one line so a crafted company name
 * cannot add mail headers.
 */
import { PARTNERSHIP_TYPE_LABELS, type PartnershipRequestFields } from './partnership-request.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Spec 02 §9: the promise the Thank You screen makes, repeated in the mail. */
export const RESPONSE_PROMISE = '2-3 business days';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export const oneLine = (value: string, max = 80) => {
  const flat = value
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a header or a line
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const layout = (body: string) =>
  `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:600px">\n${body}\n</body></html>`;

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

export function renderAcknowledgement(input: { appName: string; company: string }): RenderedMail {
  const company = oneLine(input.company);
  const lines = [
    `Thank you for your interest in partnering with ${input.appName}.`,
    `We have received the partnership inquiry for ${company} and will get back to you within ${RESPONSE_PROMISE}.`,
    'If you did not send this inquiry, you can ignore this e-mail: nothing else will be sent to this address.',
  ];
  return {
    subject: `We received your partnership inquiry`,
    text: ['Hello,', '', ...lines.flatMap((line) => [line, '']), `The ${input.appName} partnerships team`].join('\n'),
    html: layout(
      [
        `<p>Hello,</p>`,
        ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
        `<p>The ${escapeHtml(input.appName)} partnerships team</p>`,
      ].join('\n'),
    ),
  };
}

export function renderTeamNotice(input: {
  appName: string;
  request: PartnershipRequestFields;
  adminUrl: string;
}): RenderedMail {
  const { request } = input;
  const rows: Array<[string, string]> = [
    ['Company', request.company],
    ['Contact', request.contact_name],
    ['E-mail', request.email],
    ['Phone', request.phone ?? '-'],
    ['Website', request.website ?? '-'],
    ['Type', PARTNERSHIP_TYPE_LABELS[request.partnership_type]],
  ];
  const message = request.message ?? '(no message)';
  return {
    subject: `New partnership inquiry (${PARTNERSHIP_TYPE_LABELS[request.partnership_type]}): ${oneLine(request.company)}`,
    text: [
      `A new partnership inquiry arrived on ${input.appName}.`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      message,
      '',
      `Open it in the admin panel (Partnerships tab): ${input.adminUrl}`,
    ].join('\n'),
    html: layout(
      [
        `<p>A new partnership inquiry arrived on ${escapeHtml(input.appName)}.</p>`,
        `<table cellpadding="4" style="border-collapse:collapse">${rows
          .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
          .join('')}</table>`,
        paragraphs(message),
        `<p><a href="${escapeHtml(input.adminUrl)}">Open the admin panel</a> (Partnerships tab)</p>`,
      ].join('\n'),
    ),
  };
}

export const adminPanelUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/admin`;
