import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseEnvSettings } from './env-settings.ts';

const schema = z.object({
  INBOX: z.string().regex(/@/, 'must be an e-mail address').optional(),
  HOUR: z.coerce.number().default(9),
});

describe('parseEnvSettings', () => {
  it('treats blank variables as unset, so defaults apply', () => {
    expect(parseEnvSettings(schema, { INBOX: '  ', HOUR: '', OTHER: 'x' })).toEqual({ HOUR: 9 });
  });

  it('keeps the values it knows', () => {
    expect(parseEnvSettings(schema, { INBOX: 'team@example.com', HOUR: '7' })).toEqual({
      INBOX: 'team@example.com',
      HOUR: 7,
    });
  });

  it('throws one line naming the variable and the problem', () => {
    expect(() => parseEnvSettings(schema, { INBOX: 'nobody' })).toThrow(
      'Invalid configuration: INBOX must be an e-mail address',
    );
  });
});
