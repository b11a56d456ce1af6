import { describe, expect, it } from 'vitest';
import { supportOptionsFromEnv } from './support-options.ts';

describe('supportOptionsFromEnv', () => {
  it('reads the team inbox and the sender', () => {
    expect(
      supportOptionsFromEnv({ SUPPORT_INBOX: ' team@evently.example ', MAIL_FROM: 'Evently <help@evently.example>' }),
    ).toEqual({
      supportInbox: 'team@evently.example',
      mailFrom: 'Evently <help@evently.example>',
    });
  });

  it('leaves both out when unset or blank', () => {
    expect(supportOptionsFromEnv({ SUPPORT_INBOX: '  ' })).toEqual({});
  });

  it('names the variable when the inbox is not an address', () => {
    expect(() => supportOptionsFromEnv({ SUPPORT_INBOX: 'team' })).toThrow(
      'Invalid configuration: SUPPORT_INBOX must be a plain e-mail address such as team@example.com',
    );
    // A display name is refused too: the mailers send to plain addresses only.
    expect(() => supportOptionsFromEnv({ SUPPORT_INBOX: 'Team <team@example.com>' })).toThrow(
      /^Invalid configuration: SUPPORT_INBOX /,
    );
  });
});

describe('SUPPORT_FIRST_RESPONSE_HOURS', () => {
  it('overrides the named priorities and keeps the defaults of the rest', () => {
    expect(supportOptionsFromEnv({ SUPPORT_FIRST_RESPONSE_HOURS: 'urgent=0.5, low=48' }).firstResponseHours).toEqual({
      urgent: 0.5,
      high: 4,
      medium: 8,
      low: 48,
    });
  });

  it('names the variable and the bad part', () => {
    expect(() => supportOptionsFromEnv({ SUPPORT_FIRST_RESPONSE_HOURS: 'urgent=soon' })).toThrow(
      /SUPPORT_FIRST_RESPONSE_HOURS.*"urgent=soon" is not priority=hours/,
    );
    expect(() => supportOptionsFromEnv({ SUPPORT_FIRST_RESPONSE_HOURS: 'high=0' })).toThrow(
      /SUPPORT_FIRST_RESPONSE_HOURS.*above 0/,
    );
  });
});

describe('replies by mail', () => {
  const secret = 'x'.repeat(32);
  it('reads the secret, the domain and the inbound port together', () => {
    expect(
      supportOptionsFromEnv({
        SUPPORT_REPLY_SECRET: secret,
        SUPPORT_REPLY_DOMAIN: 'Reply.Evently.Example',
        INBOUND_SMTP_PORT: '2525',
      }),
    ).toEqual({
      replies: { secret, domain: 'reply.evently.example' },
      inboundSmtpPort: 2525,
    });
  });

  it('refuses a short secret, one without the other, and a port without them', () => {
    expect(() =>
      supportOptionsFromEnv({ SUPPORT_REPLY_SECRET: 'short', SUPPORT_REPLY_DOMAIN: 'reply.example.com' }),
    ).toThrow(/SUPPORT_REPLY_SECRET must be at least 32 characters/);
    expect(() => supportOptionsFromEnv({ SUPPORT_REPLY_SECRET: secret })).toThrow(/SUPPORT_REPLY_DOMAIN/);
    expect(() => supportOptionsFromEnv({ INBOUND_SMTP_PORT: '25' })).toThrow(/INBOUND_SMTP_PORT/);
    expect(() => supportOptionsFromEnv({ SUPPORT_REPLY_SECRET: secret, SUPPORT_REPLY_DOMAIN: 'not a domain' })).toThrow(
      /SUPPORT_REPLY_DOMAIN/,
    );
  });
});
