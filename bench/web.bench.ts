/**
 * `npm run bench:web` (options: `USAGE` below): builds the client, prints the gzip size of the initial JavaScript
 * and CSS and of the lazily loaded map chunk, then, in headless Chromium against the real server with demo data,
 * the home page's largest contentful paint and the time the map needs to cluster every marker of 'Show all
 * events' after the last page arrives. Figures go to stdout and to bench/results/web-<time>.json.
 *
 * The bulk map pages are generated here and served through Playwright's routing (the demo catalogue has a few
 * thousand events; loading 100,000 into the embedded engine first would time the server, not the client).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../backend/src/testing/browser.ts';
import { startTestServer } from '../backend/src/testing/start-test-server.ts';
import { numberArg } from './lib/args.ts';
import { runBench, type BenchScope } from './lib/run-bench.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'frontend', 'dist');
const MAP_PAGE_SIZE = 1000;
const BUDGET_INITIAL_JS_KB = 170;
const GOAL_CLUSTER_MS = 3000;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipBytes = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;

interface BundleSizes {
  initialJs: number;
  initialCss: number;
  mapJs: number;
  mapCss: number;
  initialFiles: string[];
  mapFiles: string[];
}

/** Initial = what index.html loads (entry script, modulepreloads, stylesheets); map = the map chunks. */
function measureBundle(): BundleSizes {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!);
  const assets = readdirSync(path.join(dist, 'assets')).map((file) => `assets/${file}`);
  const mapFiles = assets.filter((file) => /assets\/(map-vendor|event-map)-/.test(file));
  const sum = (files: string[], ext: string) =>
    files.filter((file) => file.endsWith(ext)).reduce((total, file) => total + gzipBytes(file), 0);
  return {
    initialJs: sum(referenced, '.js'),
    initialCss: sum(referenced, '.css'),
    mapJs: sum(mapFiles, '.js'),
    mapCss: sum(mapFiles, '.css'),
    initialFiles: referenced,
    mapFiles,
  };
}

function build(): void {
  execFileSync('npm', ['run', 'build', '-w', 'frontend', '--silent'], { cwd: root, stdio: 'inherit' });
}

/** Largest contentful paint of a cold home page load, read from the browser's own PerformanceObserver. */
async function measureLcp(page: Page, url: string): Promise<number> {
  await page.addInitScript(
    `window.__lcp = 0; new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__lcp = entry.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });`,
  );
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('.event-card');
  await page.waitForTimeout(500);
  return Number(await page.evaluate('window.__lcp'));
}

function mapPages(total: number): string[] {
  const pages = Math.ceil(total / MAP_PAGE_SIZE);
  let seed = 42;
  // A small deterministic generator: the same 100,000 points on every run.
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return Array.from({ length: pages }, (_, index) => {
    const data = Array.from({ length: Math.min(MAP_PAGE_SIZE, total - index * MAP_PAGE_SIZE) }, (_, offset) => ({
      id: 1_000_000 + index * MAP_PAGE_SIZE + offset,
      name: `Bench event ${index * MAP_PAGE_SIZE + offset}`,
      latitude: Math.round((-55 + random() * 120) * 1e6) / 1e6,
      longitude: Math.round((-170 + random() * 340) * 1e6) / 1e6,
      category: 'Other',
      date: '2027-01-01T19:00:00.000Z',
    }));
    // The client asks page 1, then the page after each answer's cursor: `p<n>` stands for page n here.
    const nextCursor = index + 1 < pages ? `p${index + 2}` : null;
    return JSON.stringify({
      data,
      pagination: { total, pages, page: index + 1, has_next: nextCursor !== null, next_cursor: nextCursor },
    });
  });
}

/** From the moment the last bulk page is handed to the browser until every marker is clustered and a zoom responds. */
async function measureClustering(
  page: Page,
  url: string,
  total: number,
): Promise<{ loadMs: number; clusterMs: number; zoomMs: number }> {
  const bodies = mapPages(total);
  let lastPageAt = 0;
  let firstPageAt = 0;
  await page.route(/\/api\/events\?.*fields=map_basic/, async (route) => {
    const params = new URL(route.request().url()).searchParams;
    const pageNumber = Number(params.get('cursor')?.slice(1) ?? params.get('page'));
    if (pageNumber === 1) firstPageAt = performance.now();
    if (pageNumber === bodies.length) lastPageAt = performance.now();
    await route.fulfill({ contentType: 'application/json', body: bodies[pageNumber - 1] ?? '{}' });
  });
  await page.goto(`${url}/?mode=map`);
  await page.waitForSelector('.leaflet-container');
  await page.getByRole('checkbox', { name: 'Show all events (map)' }).check();
  await page
    .getByTestId('map-load-progress')
    .filter({ hasText: `All ${total} map events loaded` })
    .waitFor({ timeout: 300_000 });
  // Clustering runs in chunks after the data is in; done when the cluster icons account for (nearly) every point.
  await page.waitForFunction(
    `(() => { let sum = document.querySelectorAll('.event-marker').length; for (const el of document.querySelectorAll('.marker-cluster span')) sum += Number(el.textContent) || 0; return sum >= ${total} * 0.9; })()`,
    undefined,
    { timeout: 300_000, polling: 50 },
  );
  const clusteredAt = performance.now();
  const zoomBefore = await page.getByTestId('map-debug').locator('dd').first().textContent();
  const zoomStart = performance.now();
  await page.locator('.leaflet-control-zoom-in').click();
  await page.waitForFunction(
    `document.querySelector('[data-testid="map-debug"] dd')?.textContent !== ${JSON.stringify(zoomBefore)}`,
    undefined,
    { timeout: 60_000, polling: 20 },
  );
  return {
    loadMs: Math.round(lastPageAt - firstPageAt),
    clusterMs: Math.round(clusteredAt - lastPageAt),
    zoomMs: Math.round(performance.now() - zoomStart),
  };
}

async function main(scope: BenchScope): Promise<void> {
  const markers = numberArg(process.argv.slice(2), 'markers', 100_000);
  build();
  const sizes = measureBundle();
  console.log(
    `initial JS   ${kb(sizes.initialJs)} KB gzip (budget ${BUDGET_INITIAL_JS_KB} KB) ${sizes.initialFiles.join(' ')}`,
  );
  console.log(`initial CSS  ${kb(sizes.initialCss)} KB gzip`);
  console.log(
    `map chunk    ${kb(sizes.mapJs)} KB JS + ${kb(sizes.mapCss)} KB CSS gzip, lazy: ${sizes.mapFiles.every((file) => !sizes.initialFiles.includes(file))}`,
  );

  const server = await startTestServer({ seedDemo: true });
  scope.onClose('the test server', () => server.stop());
  const browser = scope.closing('Chromium', await launchChromium());
  // bypassCSP: the measuring probes below are evaluated as strings, which the site's CSP (rightly) forbids.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  await context.route(
    (url) => url.origin !== new URL(server.url).origin,
    (route) => route.abort(),
  );
  const lcpMs = Math.round(await measureLcp(await context.newPage(), server.url));
  console.log(`home LCP     ${lcpMs} ms (headless Chromium, loopback, demo data)`);
  const timing = await measureClustering(await context.newPage(), server.url, markers);
  console.log(
    `map, ${markers} markers: pages in ${timing.loadMs} ms; clustered ${timing.clusterMs} ms after the last page (goal ${GOAL_CLUSTER_MS} ms); zoom answered in ${timing.zoomMs} ms`,
  );
  const result = {
    at: new Date().toISOString(),
    markers,
    sizesKbGzip: {
      initialJs: kb(sizes.initialJs),
      initialCss: kb(sizes.initialCss),
      mapJs: kb(sizes.mapJs),
      mapCss: kb(sizes.mapCss),
    },
    lcpMs,
    ...timing,
  };
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  const file = path.join(root, 'bench', 'results', `web-${result.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written ${path.relative(root, file)}`);
}

const USAGE = 'npm run bench:web [-- --markers 100000]';

runBench('bench:web', USAGE, main);
