/**
 * Addresses we mail to: a plain addr-spec (`local@domain`) and nothing else. No display name, no angle
 * brackets, no comments, no quoted local part, no address literal, no list: a string that an address parser
 * could read as something other than itself (`v1<victim@x.example>.z` is delivered to `victim@x.example`)
 * never passes. The same check guards every public form (`emailAddress`), the operators' inbox settings and
 * the mailer itself, which hands nodemailer the parsed address rather than the string. Browser-safe: the domain's
 * IDNA check is the WHATWG URL host parser's, which Node's `domainToASCII` runs too.
 */
import { z } from 'zod';

/** RFC 5321 caps a forward path at 256 octets including the angle brackets. */
export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

/**
 * A dot-atom's characters (RFC 5322 atext) without `%` and `!`, the old source-routing marks some relays still
 * honour (`victim%x.example@relay.example`), plus letters, marks and digits of any script (RFC 6531).
 */
const LOCAL_ATOM = /^[A-Za-z0-9#$&'*+/=?^_`{|}~\-\p{L}\p{M}\p{N}]+$/u;
/** A host name label: letters and digits of any script, hyphens inside. */
const DOMAIN_LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;

/** The domain in its ASCII (punycode) form, or null when the URL host rules refuse it. */
export function asciiDomain(domain: string): string | null {
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
}

export interface MailAddress {
  /** The address as typed (trimmed), which is what the mail is sent to. */
  address: string;
  local: string;
  domain: string;
}

/** The parsed address, or null when `raw` is anything but one plain addr-spec. */
export function parseMailAddress(raw: string): MailAddress | null {
  const address = raw.trim();
  if (address.length === 0 || address.length > MAX_EMAIL_LENGTH) return null;
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > MAX_LOCAL_LENGTH || !local.split('.').every((atom) => LOCAL_ATOM.test(atom))) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return null;
  // A top-level domain is never all digits (that would be an IP address written as a host name).
  if (/^\d+$/.test(labels.at(-1)!)) return null;
  if (asciiDomain(domain) === null) return null;
  return { address, local, domain };
}

export const isMailAddress = (raw: string): boolean => parseMailAddress(raw) !== null;

/**
 * The e-mail field of every public form and command: trimmed, at most 254 characters, a plain addr-spec.
 * `invalid` is the form's own wording for a bad address (the spec gives each form its text); with a `label`, a
 * missing or too long value names the field instead, otherwise every refusal reads `invalid`.
 */
export const emailAddress = (invalid: string, label?: string) =>
  z
    .string({ error: label ? `${label} is required` : invalid })
    .trim()
    .min(1, label ? `${label} is required` : invalid)
    .max(MAX_EMAIL_LENGTH, label ? `${label} must be at most ${MAX_EMAIL_LENGTH} characters` : invalid)
    .refine(isMailAddress, invalid);
