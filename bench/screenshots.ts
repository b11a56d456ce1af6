/**
 * `npx tsx bench/screenshots.ts [out-dir] [--dark]`: screenshots of the visitor site as a visitor sees it
 * (home in list and split view, an event page) at 1366×900 and 390×844 against the real server with demo data,
 * outside hosts refused like in the browser specs. Defaults to docs/screenshots/. Build the client first.
 * Extra paths (e.g. `/support`) can be given with `--paths /support,/blog`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../backend/src/testing/browser.ts';
import { startTestServer } from '../backend/src/testing/start-test-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const outDir = path.resolve(
  root,
  argv.find((arg) => !arg.startsWith('--') && !argv[argv.indexOf(arg) - 1]?.startsWith('--paths')) ??
    'docs/screenshots',
);
const dark = argv.includes('--dark');
const extra = argv.includes('--paths') ? (argv[argv.indexOf('--paths') + 1] ?? '').split(',').filter(Boolean) : [];
const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

async function scrollThrough(page: Page): Promise<void> {
  // Evaluated as text: this file is typed for Node, without the DOM's globals.
  const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
  const step = page.viewportSize()?.height ?? 800;
  for (let y = 0; y < height; y += step / 2) {
    await page.evaluate(`window.scrollTo(0, ${y})`);
    await page.waitForTimeout(60);
  }
  await page.evaluate('window.scrollTo(0, 0)');
  await page.waitForTimeout(300);
}

mkdirSync(outDir, { recursive: true });
const server = await startTestServer({ seedDemo: true });
const browser = await launchChromium();
try {
  const first = (await (await fetch(new URL('/api/events?per_page=1', server.url))).json()) as {
    data: Array<{ id: number }>;
  };
  const pages: Array<[string, string, boolean]> = [
    ['home-list', '/', false],
    ['home-split', '/?mode=split', false],
    ['event', `/event/${first.data[0]!.id}`, false],
    ['event-full', `/event/${first.data[0]!.id}`, true],
    ...extra.map((p): [string, string, boolean] => [p.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root', p, false]),
  ];
  for (const [size, viewport] of Object.entries(SIZES)) {
    const context = await browser.newContext({
      viewport,
      colorScheme: dark ? 'dark' : 'light',
      deviceScaleFactor: 1,
      isMobile: size === 'phone',
      hasTouch: size === 'phone',
    });
    const origin = new URL(server.url).origin;
    await context.route(
      (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
      (route) => route.abort(),
    );
    for (const [name, pagePath, full] of pages) {
      if (size === 'phone' && pagePath.includes('split')) continue; // no split view on phones (spec 01 "Home")
      const page = await context.newPage();
      await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(700);
      // Generated artwork is drawn only as it nears the screen (docs/performance.md): walk down the page as a
      // visitor would before a full-page shot, so images below the first screen are there too.
      if (full) await scrollThrough(page);
      const file = path.join(outDir, `${name}-${size}${dark ? '-dark' : ''}.png`);
      await page.screenshot({ path: file, fullPage: full });
      console.log(path.relative(root, file));
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
