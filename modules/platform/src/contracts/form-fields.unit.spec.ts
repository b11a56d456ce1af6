import { describe, expect, it } from 'vitest';
import { blankAsMissing, emailField, optionalHttpAddress, optionalText, requiredText } from './form-fields.ts';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('public form fields', () => {
  it('required text is trimmed, and blank or missing names the field', () => {
    const field = requiredText('subject', 5);
    expect(field.parse('  hi  ')).toBe('hi');
    expect(messageOf(field.safeParse('   '))).toBe('subject is required');
    expect(messageOf(field.safeParse(undefined))).toBe('subject is required');
    expect(messageOf(field.safeParse('toolong'))).toBe('subject must be at most 5 characters');
  });

  it('optional text turns absent, null and blank into null', () => {
    const field = optionalText('phone', 10);
    expect(field.parse(undefined)).toBeNull();
    expect(field.parse(null)).toBeNull();
    expect(field.parse('   ')).toBeNull();
    expect(field.parse(' 555 ')).toBe('555');
    expect(messageOf(field.safeParse(42))).toBe('phone must be text');
  });

  it('an optional web address takes only http(s), and blank or missing is null', () => {
    const field = optionalHttpAddress('website', 30, 'website must be an http:// or https:// address');
    expect(field.parse(' https://example.org/a ')).toBe('https://example.org/a');
    expect(field.parse('http://example.org')).toBe('http://example.org');
    expect(field.parse('  ')).toBeNull();
    expect(field.parse(undefined)).toBeNull();
    for (const link of ['javascript:alert(1)', 'data:text/html,x', 'example.org', 'ftp://example.org'])
      expect(messageOf(field.safeParse(link))).toBe('website must be an http:// or https:// address');
    expect(messageOf(field.safeParse(`https://example.org/${'a'.repeat(30)}`))).toBe(
      'website must be at most 30 characters',
    );
  });

  it('e-mail is a plain address, the field named when missing or too long', () => {
    const field = emailField('email');
    expect(field.parse(' ana@example.org ')).toBe('ana@example.org');
    expect(messageOf(field.safeParse('ana@example'))).toBe('Please enter a valid email address');
    expect(messageOf(field.safeParse('Ana <ana@example.org>'))).toBe('Please enter a valid email address');
    expect(messageOf(field.safeParse(''))).toBe('email is required');
    expect(messageOf(field.safeParse(`${'a'.repeat(250)}@x.io`))).toBe('email must be at most 254 characters');
  });

  it('blank selects fall back to the default', () => {
    expect(blankAsMissing('')).toBeUndefined();
    expect(blankAsMissing(null)).toBeUndefined();
    expect(blankAsMissing('open')).toBe('open');
  });
});
