import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger.ts';
import type { Mailer, MailerSettings } from './mailer.port.ts';
import { createModuleMailer, noReplySender } from './module-mailer.ts';

/** The settings each opened mailer was given; the mailer's kind says whether it had a relay. */
function recordingOpener() {
  const opened: MailerSettings[] = [];
  const openMailer = (settings: MailerSettings) => {
    opened.push(settings);
    return { kind: settings.smtpUrl ? 'smtp' : 'eml-files' } as unknown as Mailer;
  };
  return { opened, openMailer };
}

describe('a module mailer', () => {
  it('sends from the no-reply address on the public host, labelled with the module', () => {
    expect(noReplySender('Evently', 'https://evently.example/app', 'Support')).toBe(
      'Evently Support <no-reply@evently.example>',
    );
    expect(noReplySender('Evently', 'http://localhost:3000')).toBe('Evently <no-reply@localhost>');
  });

  it('goes through the composition hook under its module name, so the backend can count its mail', () => {
    const seen: string[] = [];
    const observed = { kind: 'observed' } as unknown as Mailer;
    const { opened, openMailer } = recordingOpener();
    const mailer = createModuleMailer(
      {
        dataDir: '/tmp/unused',
        logger: silentLogger(),
        openMailer,
        observeMailer: (name, inner) => {
          seen.push(`${name}:${inner.kind}`);
          return observed;
        },
      },
      { name: 'support', smtpUrl: undefined, from: 'Evently Support <no-reply@localhost>' },
    );
    expect(mailer).toBe(observed);
    expect(seen).toEqual(['support:eml-files']);
    expect(opened.map(({ dataDir, from }) => ({ dataDir, from }))).toEqual([
      { dataDir: '/tmp/unused', from: 'Evently Support <no-reply@localhost>' },
    ]);
  });

  it('is the plain mailer without a hook (module tests)', () => {
    const { opened, openMailer } = recordingOpener();
    const mailer = createModuleMailer(
      { dataDir: '/tmp/unused', logger: silentLogger(), openMailer },
      { name: 'support', smtpUrl: 'smtp://127.0.0.1:2525', from: 'x <a@b.c>' },
    );
    expect(mailer.kind).toBe('smtp');
    expect(opened[0]?.smtpUrl).toBe('smtp://127.0.0.1:2525');
  });
});
