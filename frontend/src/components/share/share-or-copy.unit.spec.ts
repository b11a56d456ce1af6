import { describe, expect, it, vi } from 'vitest';
import { legacyCopy, shareOrCopy, type ShareEnvironment } from './share-or-copy.ts';
import { SHARE_TARGETS } from './share-targets.ts';

const content = { url: 'https://evently.test/event/7', title: 'Jazz & Blues' };

function environment(overrides: Partial<ShareEnvironment>): ShareEnvironment {
  return { legacyCopy: vi.fn(() => true), ...overrides };
}

describe('share fallback chain (spec 01 §7)', () => {
  it('uses the native share when it succeeds and copies nothing', async () => {
    const env = environment({ share: vi.fn(async () => {}), writeClipboard: vi.fn(async () => {}) });
    expect(await shareOrCopy(content, env)).toBe('shared');
    expect(env.share).toHaveBeenCalledWith({ url: content.url, title: content.title, text: undefined });
    expect(env.writeClipboard).not.toHaveBeenCalled();
    expect(env.legacyCopy).not.toHaveBeenCalled();
  });

  it('copies with the Clipboard API when the native share fails', async () => {
    const env = environment({
      share: vi.fn(async () => Promise.reject(new Error('NotAllowedError'))),
      writeClipboard: vi.fn(async () => {}),
    });
    expect(await shareOrCopy(content, env)).toBe('copied');
    expect(env.writeClipboard).toHaveBeenCalledWith(content.url);
    expect(env.legacyCopy).not.toHaveBeenCalled();
  });

  it('copies with the Clipboard API when there is no native share', async () => {
    const env = environment({ writeClipboard: vi.fn(async () => {}) });
    expect(await shareOrCopy(content, env)).toBe('copied');
  });

  it('falls back to the legacy copy when the Clipboard API refuses', async () => {
    const env = environment({ writeClipboard: vi.fn(async () => Promise.reject(new Error('denied'))) });
    expect(await shareOrCopy(content, env)).toBe('copied');
    expect(env.legacyCopy).toHaveBeenCalledWith(content.url);
  });

  it('reports failure when even the legacy copy fails', async () => {
    expect(await shareOrCopy(content, environment({ legacyCopy: () => false }))).toBe('failed');
  });

  it('does not copy when the visitor closes the share sheet', async () => {
    const cancel = Object.assign(new Error('cancelled'), { name: 'AbortError' });
    const env = environment({
      share: vi.fn(async () => Promise.reject(cancel)),
      writeClipboard: vi.fn(async () => {}),
    });
    expect(await shareOrCopy(content, env)).toBe('cancelled');
    expect(env.writeClipboard).not.toHaveBeenCalled();
  });

  it('legacy copy selects a temporary text area and removes it', () => {
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    expect(legacyCopy('hello')).toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('share targets', () => {
  it('has the six targets with the link encoded', () => {
    expect(SHARE_TARGETS.map((target) => target.id)).toEqual([
      'facebook',
      'telegram',
      'whatsapp',
      'x',
      'reddit',
      'email',
    ]);
    for (const target of SHARE_TARGETS) {
      expect(target.href(content)).toContain(encodeURIComponent(content.url));
    }
    expect(
      SHARE_TARGETS.find((t) => t.id === 'email')
        ?.href(content)
        .startsWith('mailto:?subject=Jazz%20%26%20Blues'),
    ).toBe(true);
  });
});
