/**
 * `npm run mail:artwork`: draws the per-category fallback artwork of the mails and writes it as PNG to
 * `frontend/public/static/mail/` (served at PUBLIC_URL/static/mail/). Mail clients mostly refuse SVG, so the
 * mails cannot reuse the site's generated SVG placeholders; these are rasterised once and committed.
 * The art holds no text: the event's name is the image's alt text and the card's title, in any size.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ARTWORK_FILES, type ArtworkCategory } from '../domain/mail/links.ts';
import { ARTWORK_ICONS } from './artwork-icons.ts';
import { launchChromium } from '@evently/platform/testing';

/** Twice the digest's featured image box (544 × 306), so it stays sharp on high-density screens. */
const WIDTH = Number(process.env.ART_W ?? 1088);
const HEIGHT = Math.round((WIDTH * 9) / 16);
const OUT_DIR = path.resolve(import.meta.dirname, '../../../../frontend/public/static/mail');

const GRADIENTS: Record<ArtworkCategory, [string, string]> = {
  'Music & Concerts': ['#7c3aed', '#db2777'],
  'Sports & Recreation': ['#15803d', '#0d9488'],
  'Arts & Culture': ['#be185d', '#ea580c'],
  'Food & Drink': ['#c2410c', '#d97706'],
  'Business & Professional': ['#1d4ed8', '#4338ca'],
  'Community & Social': ['#0e7490', '#2563eb'],
  'Education & Learning': ['#4338ca', '#7c3aed'],
  'Health & Wellness': ['#047857', '#65a30d'],
  Technology: ['#0369a1', '#4f46e5'],
  Entertainment: ['#b91c1c', '#c026d3'],
  'Gift Cards': ['#4b5563', '#be185d'],
  Other: ['#374151', '#4b5563'],
};

function artworkPage(category: ArtworkCategory): string {
  const [from, to] = GRADIENTS[category];
  const icon = ARTWORK_ICONS[category];
  return `<!doctype html><html><head><style>
html,body{margin:0;width:${WIDTH}px;height:${HEIGHT}px;overflow:hidden}
.art{position:relative;width:${WIDTH}px;height:${HEIGHT}px;background:${from};overflow:hidden}
.band{position:absolute;left:-10%;top:55%;width:140%;height:120%;background:${to};transform:rotate(-12deg);transform-origin:0 0}
.dots{position:absolute;inset:0;background-image:radial-gradient(rgba(255,255,255,.16) 2.2px,transparent 2.6px);background-size:36px 36px}
.glow{position:absolute;border-radius:50%;background:rgba(255,255,255,.10)}
.ring{position:absolute;left:50%;top:50%;width:236px;height:236px;margin:-118px 0 0 -118px;border-radius:50%;background:rgba(255,255,255,.16);box-shadow:0 0 0 18px rgba(255,255,255,.08)}
svg{position:absolute;left:50%;top:50%;width:132px;height:132px;margin:-66px 0 0 -66px}
</style></head><body><div class="art">

<div class="band"></div>
<div class="glow" style="width:46%;padding-top:46%;height:0;left:-10%;top:-42%"></div>
<div class="glow" style="width:36%;padding-top:36%;height:0;right:-8%;bottom:-30%;background:rgba(0,0,0,.12)"></div>
<div class="ring"></div>
<svg viewBox="0 0 24 24" fill="none" stroke="#ffffff" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${icon}</svg>
</div></body></html>`;
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
    for (const [category, file] of Object.entries(ARTWORK_FILES) as Array<[ArtworkCategory, string]>) {
      await page.setContent(artworkPage(category));
      const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
      await writeFile(path.join(OUT_DIR, `${file}.png`), png);
      console.log(`${file}.png  ${Math.round(png.length / 1024)} KB`);
    }
  } finally {
    await browser.close();
  }
}

await main();
