import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE, PLACE_REQUIRED_MESSAGE } from './sign-up-messages.ts';
import { signUpSchema } from './sign-up.ts';

const firstMessage = (input: unknown) => {
  const result = signUpSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("sign-up validation (the form's texts)", () => {
  it('accepts a plain e-mail, trims places and turns an empty name into null', () => {
    const parsed = signUpSchema.parse({ email: 'a@b.co', name: '  ', country: ' Spain ', city: ' Madrid ' });
    expect(parsed).toMatchObject({ email: 'a@b.co', name: null, country: 'Spain', city: 'Madrid' });
  });

  it.each([
    '',
    'plain',
    'a@b',
    'a b@c.d',
    '@b.c',
    'v1<victim@x.example>.z',
    'Ana <ana@x.example>',
    '"a b"@x.example',
    undefined,
    7,
  ])("rejects %j with the form's e-mail message", (email) => {
    expect(firstMessage({ email, country: 'Spain', city: 'Madrid' })).toBe(INVALID_EMAIL_MESSAGE);
  });

  it('requires country and city after trimming', () => {
    expect(firstMessage({ email: 'a@b.co', country: '  ', city: 'Madrid' })).toBe(PLACE_REQUIRED_MESSAGE);
    expect(firstMessage({ email: 'a@b.co', country: 'Spain' })).toBe(PLACE_REQUIRED_MESSAGE);
  });

  it('takes no filters as the city digest', () => {
    const parsed = signUpSchema.parse({ email: 'a@b.co', country: 'Spain', city: 'Madrid' });
    expect(parsed.search).toEqual({
      keyword: null,
      category: null,
      min_price: null,
      max_price: null,
      date_preset: null,
      centre: null,
    });
    expect(parsed.radius_km).toBeNull();
  });

  it("reads a saved search's filters, with a centre in place of the city", () => {
    const parsed = signUpSchema.parse({
      email: 'a@b.co',
      keyword: ' jazz ',
      category: 'Music & Concerts',
      min_price: 0,
      max_price: 50,
      date_preset: 'this_week',
      latitude: 52.52,
      longitude: 13.4,
      radius_km: 10,
    });
    expect(parsed).toMatchObject({
      country: '',
      city: '',
      radius_km: 10,
      search: {
        keyword: 'jazz',
        category: 'Music & Concerts',
        min_price: 0,
        max_price: 50,
        date_preset: 'this_week',
        centre: { lat: 52.52, lon: 13.4 },
      },
    });
  });

  const refusal = (input: Record<string, unknown>) => {
    const result = signUpSchema.safeParse({ email: 'a@b.co', country: 'Spain', city: 'Madrid', ...input });
    if (result.success) return null;
    const issue = result.error.issues[0]!;
    return `${issue.path.join('.')}: ${issue.message}`;
  };

  it.each([
    [{ min_price: 60, max_price: 50 }, /^max_price: must not be below min_price/],
    [{ latitude: 52.5 }, /^longitude: /],
    [{ longitude: 13.4 }, /^latitude: /],
    [{ latitude: 91, longitude: 13.4 }, /^latitude: must be a number from -90 to 90$/],
    [{ latitude: 52.5, longitude: -181 }, /^longitude: must be a number from -180 to 180$/],
    [{ radius_km: 0 }, /^radius_km: /],
    [{ radius_km: 501 }, /^radius_km: /],
    [{ radius_km: 2.5 }, /^radius_km: /],
    [{ category: 'Jazz Clubs' }, /^category: /],
    [{ date_preset: 'next_year' }, /^date_preset: /],
    [{ min_price: -1 }, /^min_price: /],
    [{ max_price: '50' }, /^max_price: /],
    [{ keyword: '   ' }, /^keyword: /],
    [{ colour: 'blue' }, /colour/],
  ])('refuses %j, naming the field', (input, message) => {
    expect(refusal(input)).toMatch(message);
  });

  it('still requires a country and city without a centre', () => {
    expect(refusal({ city: '', keyword: 'jazz' })).toBe(`city: ${PLACE_REQUIRED_MESSAGE}`);
  });
});
