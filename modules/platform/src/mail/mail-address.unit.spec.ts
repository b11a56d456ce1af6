import { describe, expect, it } from 'vitest';
import { emailAddress, isMailAddress, parseMailAddress } from '../contracts/mail-address.ts';
import { mailboxKey } from './mail-address.ts';

describe('plain addresses', () => {
  it.each([
    'ana@example.org',
    'Ana.Maria@Example.ORG',
    'ana+news@example.org',
    "o'brien@example.ie",
    'first_last-1@mail.example.co.uk',
    'josé@correo.example',
    'user@bücher.example',
    'a@b.co',
  ])('accepts %j', (address) => {
    expect(isMailAddress(address)).toBe(true);
  });

  it.each([
    // An address parser reads these as a display name around an address somewhere else.
    'v1<victim@x.example>.z',
    'v1<victim@x.example>',
    '<victim@x.example>',
    'Victim <victim@x.example>',
    '"Victim" <victim@x.example>',
    // Comments, quoted local parts, lists, groups and literals.
    'victim@x.example (note)',
    'victim(note)@x.example',
    '"a b"@x.example',
    '"victim@x.example"@y.example',
    'a@x.example, victim@x.example',
    'a@x.example;victim@x.example',
    'group: victim@x.example;',
    'victim@[192.0.2.1]',
    'victim@192.0.2.1',
    // Source routing some relays still honour.
    'victim%x.example@relay.example',
    'relay.example!victim@x.example',
    // Broken shapes.
    '',
    'plain',
    'a@b',
    '@x.example',
    'a@',
    'a..b@x.example',
    '.a@x.example',
    'a.@x.example',
    'a@x..example',
    'a@-x.example',
    'a@x-.example',
    'a b@x.example',
    'a@x.example\r\nBcc: victim@y.example',
    'a\u200b@x.example',
    'a\uff1cb@x.example',
    `${'a'.repeat(65)}@x.example`,
    `a@${'b'.repeat(250)}.io`,
  ])('refuses %j', (address) => {
    expect(isMailAddress(address)).toBe(false);
  });

  it('splits what it accepts, trimmed', () => {
    expect(parseMailAddress('  ana+news@example.org ')).toEqual({
      address: 'ana+news@example.org',
      local: 'ana+news',
      domain: 'example.org',
    });
  });
});

describe('mailbox keys', () => {
  it('treat case and +tags as one inbox', () => {
    const keys = ['victim@x.example', 'Victim@X.Example', 'victim+1@x.example', 'VICTIM+spam.2@x.example'].map(
      (address) => mailboxKey(address),
    );
    expect(new Set(keys)).toEqual(new Set(['victim@x.example']));
    expect(mailboxKey('other@x.example')).not.toBe(mailboxKey('victim@x.example'));
  });

  it('compare a domain in its ASCII form', () => {
    expect(mailboxKey('ana@Bücher.example')).toBe(mailboxKey('ana@xn--bcher-kva.example'));
  });

  it('keep a local part that is only a tag', () => {
    expect(mailboxKey('+x@x.example')).toBe('+x@x.example');
  });

  it('refuse an address that does not parse', () => {
    expect(() => mailboxKey('v1<victim@x.example>.z')).toThrow();
  });
});

describe('the shared field', () => {
  const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    result.error?.issues[0]?.message;

  it("answers the form's own text for a bad address, and names the field when asked to", () => {
    const bare = emailAddress('Please enter a valid email.');
    expect(bare.parse(' ana@example.org ')).toBe('ana@example.org');
    expect(messageOf(bare.safeParse('v1<victim@x.example>.z'))).toBe('Please enter a valid email.');
    expect(messageOf(bare.safeParse(''))).toBe('Please enter a valid email.');
    expect(messageOf(bare.safeParse(undefined))).toBe('Please enter a valid email.');
    const labelled = emailAddress('Please enter a valid email address', 'Email Address');
    expect(messageOf(labelled.safeParse(''))).toBe('Email Address is required');
    expect(messageOf(labelled.safeParse('a@b'))).toBe('Please enter a valid email address');
  });
});
