import { describe, expect, it } from 'vitest';
import { ensureAdsTag } from './ads-tag.ts';

const tagScripts = () =>
  [...document.querySelectorAll('script')].filter((script) => script.src.includes('googletagmanager.com'));

describe('advertising tag', () => {
  it('loads nothing without a conversion id', () => {
    expect(ensureAdsTag(undefined)).toBe(false);
    expect(tagScripts()).toHaveLength(0);
    expect(window.gtag).toBeUndefined();
  });

  it('loads the tag once when a conversion id is configured', () => {
    const ads = { conversionId: 'AW-123', labels: {} };
    expect(ensureAdsTag(ads)).toBe(true);
    expect(ensureAdsTag(ads)).toBe(true);
    expect(tagScripts().map((script) => script.src)).toEqual(['https://www.googletagmanager.com/gtag/js?id=AW-123']);
    expect(typeof window.gtag).toBe('function');
  });
});
