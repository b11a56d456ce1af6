import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { ENTRY_LOADER } from './first-paint/first-paint-shell.ts';
import { contentSecurityPolicy } from './security-headers.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

describe('Content-Security-Policy', () => {
  it('names no third-party script, connection or frame without the advertising tag; the one inline script is the entry loader, by its hash', () => {
    const policy = contentSecurityPolicy();
    const loaderHash = createHash('sha256').update(ENTRY_LOADER).digest('base64');
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' 'sha256-${loaderHash}'`);
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' ws: wss:");
    expect(directive(policy, 'frame-src')).toBeUndefined();
  });

  it("admits the advertising tag's script, beacons and conversion frames when it is configured", () => {
    const policy = contentSecurityPolicy(true);
    expect(directive(policy, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(directive(policy, 'connect-src')).toContain('https://www.google.com');
    expect(directive(policy, 'frame-src')).toContain('https://td.doubleclick.net');
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
  });
});
