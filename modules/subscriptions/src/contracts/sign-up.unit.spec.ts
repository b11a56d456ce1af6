import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE, PLACE_REQUIRED_MESSAGE, signUpSchema } from './sign-up.ts';

const firstMessage = (input: unknown) => {
  const result = signUpSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('sign-up validation (the form\'s texts)', () => {
  it('accepts a plain e-mail, trims places and turns an empty name into null', () => {
    const parsed = signUpSchema.parse({ email: 'a@b.co', name: '  ', country: ' Spain ', city: ' Madrid ' });
    expect(parsed).toMatchObject({ email: 'a@b.co', name: null, country: 'Spain', city: 'Madrid' });
  });

  it.each(['', 'plain', 'a@b', 'a b@c.d', '@b.c', 'v1<victim@x.example>.z', 'Ana <ana@x.example>', '"a b"@x.example', undefined, 7])('rejects %j with the form\'s e-mail message', (email) => {
    expect(firstMessage({ email, country: 'Spain', city: 'Madrid' })).toBe(INVALID_EMAIL_MESSAGE);
  });

  it('requires country and city after trimming', () => {
    expect(firstMessage({ email: 'a@b.co', country: '  ', city: 'Madrid' })).toBe(PLACE_REQUIRED_MESSAGE);
    expect(firstMessage({ email: 'a@b.co', country: 'Spain' })).toBe(PLACE_REQUIRED_MESSAGE);
  });
});
