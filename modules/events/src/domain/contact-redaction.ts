/**
 * Public answers never carry anyone's e-mail or phone. Sources sometimes paste an organiser's contact into
 * free text; it is blanked on the way out (the stored record keeps the source's text for the operator).
 */
const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
// A leading + or ( and at least 9 digits in phone punctuation; ISO dates and prices do not match.
const PHONE = /(?:\+|\(\d)[\d\s().-]{8,}\d/g;

export function redactContacts(text: string | null): string | null {
  if (text === null) return null;
  // An e-mail needs an '@' and a phone a '+' or '('; most texts have neither, and a plain character search is
  // far cheaper than the patterns' scans, which whole answers run on every FAQ answer and highlight.
  const email = text.includes('@') ? text.replace(EMAIL, '[contact removed]') : text;
  return email.includes('+') || email.includes('(') ? email.replace(PHONE, '[contact removed]') : email;
}
