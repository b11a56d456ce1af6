import { describe, expect, it } from 'vitest';
import { subscriptionsOptionsFromEnv } from './subscriptions-options.ts';

describe('subscriptions settings from the environment', () => {
  it('defaults to Monday 09:00 UTC', () => {
    expect(subscriptionsOptionsFromEnv({})).toEqual({ schedule: { weekday: 1, hour: 9 } });
  });
  it('reads the weekday, hour and sender', () => {
    expect(
      subscriptionsOptionsFromEnv({ DIGEST_WEEKDAY: '5', DIGEST_HOUR: '17', MAIL_FROM: 'Evently <d@e.x>' }),
    ).toEqual({
      schedule: { weekday: 5, hour: 17 },
      mailFrom: 'Evently <d@e.x>',
    });
  });
  it('reads the sign-up limit', () => {
    expect(subscriptionsOptionsFromEnv({ SUBSCRIBE_SIGN_UPS_PER_10_MIN: '20' })).toEqual({
      schedule: { weekday: 1, hour: 9 },
      signUpLimit: { limit: 20, windowMs: 600_000 },
    });
    expect(() => subscriptionsOptionsFromEnv({ SUBSCRIBE_SIGN_UPS_PER_10_MIN: '0' })).toThrow(
      /^Invalid configuration: SUBSCRIBE_SIGN_UPS_PER_10_MIN /,
    );
  });
  it('stops with one line naming the variable on a bad value', () => {
    expect(() => subscriptionsOptionsFromEnv({ DIGEST_HOUR: '24' })).toThrow(
      'Invalid configuration: DIGEST_HOUR must be a whole number between 0 and 23',
    );
    expect(() => subscriptionsOptionsFromEnv({ DIGEST_WEEKDAY: 'monday' })).toThrow(
      /^Invalid configuration: DIGEST_WEEKDAY /,
    );
  });
});
