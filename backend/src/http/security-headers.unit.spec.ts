import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

describe('Content-Security-Policy', () => {
  it('names no third-party script, connection or frame without the advertising tag', () => {
    const policy = contentSecurityPolicy();
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' ws: wss:");
    expect(directive(policy, 'frame-src')).toBeUndefined();
  });

  it('admits the advertising tag\'s script, beacons and conversion frames when it is configured', () => {
    const policy = contentSecurityPolicy(true);
    expect(directive(policy, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(directive(policy, 'connect-src')).toContain('https://www.google.com');
    expect(directive(policy, 'frame-src')).toContain('https://td.doubleclick.net');
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
  });
});
