import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger.ts';
import type { Mailer } from './mailer.port.ts';
import { createModuleMailer, noReplySender } from './module-mailer.ts';

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
    const mailer = createModuleMailer(
      {
        dataDir: '/tmp/unused',
        logger: silentLogger(),
        observeMailer: (name, inner) => {
          seen.push(`${name}:${inner.kind}`);
          return observed;
        },
      },
      { name: 'support', smtpUrl: undefined, from: 'Evently Support <no-reply@localhost>' },
    );
    expect(mailer).toBe(observed);
    expect(seen).toEqual(['support:eml-files']);
  });

  it('is the plain mailer without a hook (module tests)', () => {
    const mailer = createModuleMailer(
      { dataDir: '/tmp/unused', logger: silentLogger() },
      { name: 'support', smtpUrl: 'smtp://127.0.0.1:2525', from: 'x <a@b.c>' },
    );
    expect(mailer.kind).toBe('smtp');
  });
});
