import { describe, expect, it } from 'vitest';
import { pageAssets } from './client-manifest.ts';

/** The shape of a real build's manifest: an entry, a vendor chunk, and a lazy page with a shared chunk. */
const manifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_vendor-V.js'], css: ['assets/index-A.css'] },
  '_vendor-V.js': { file: 'assets/vendor-V.js', css: ['assets/vendor-V.css'] },
  '_stars-S.js': { file: 'assets/stars-S.js', imports: ['_vendor-V.js'], css: ['assets/stars-S.css'] },
  'src/features/event-page/event-page.tsx': {
    file: 'assets/event-page-E.js',
    imports: ['_vendor-V.js', 'index.html', '_stars-S.js'],
    css: ['assets/event-page-E.css'],
  },
};

describe("a lazy page's assets from the build manifest", () => {
  it('names its stylesheets and scripts and those of the chunks it imports, shared chunks first', () => {
    expect(pageAssets(manifest, ['src/features/event-page/event-page.tsx'])).toEqual({
      styles: ['/assets/stars-S.css', '/assets/event-page-E.css'],
      scripts: ['/assets/stars-S.js', '/assets/event-page-E.js'],
    });
  });

  it('leaves out what the entry loads itself, and names nothing for a page in the entry or an unknown key', () => {
    expect(pageAssets(manifest, [])).toEqual({ styles: [], scripts: [] });
    expect(pageAssets(manifest, ['src/renamed.tsx'])).toEqual({ styles: [], scripts: [] });
  });
});
