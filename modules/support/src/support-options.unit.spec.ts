import { describe, expect, it } from 'vitest';
import { supportOptionsFromEnv } from './support-options.ts';

describe('supportOptionsFromEnv', () => {
  it('reads the team inbox and the sender', () => {
    expect(supportOptionsFromEnv({ SUPPORT_INBOX: ' team@evently.example ', MAIL_FROM: 'Evently <help@evently.example>' })).toEqual({
      supportInbox: 'team@evently.example',
      mailFrom: 'Evently <help@evently.example>',
    });
  });

  it('leaves both out when unset or blank', () => {
    expect(supportOptionsFromEnv({ SUPPORT_INBOX: '  ' })).toEqual({});
  });

  it('names the variable when the inbox is not an address', () => {
    expect(() => supportOptionsFromEnv({ SUPPORT_INBOX: 'team' })).toThrow('Invalid configuration: SUPPORT_INBOX must be an e-mail address');
  });
});
