/**
 * `npm run mail:previews`: renders the digest (a city's and a saved search's) and the confirmation mail from
 * fixtures and writes, for each, the HTML, the plain-text part and PNG screenshots (desktop, phone, dark) to
 * `docs/mail/`. Images resolve offline: our artwork from `frontend/public/static/mail/`, fixture photos from local files, anything else
 * fails to load, which is how the previews show the fallbacks.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { renderConfirmation } from '../domain/confirmation-content.ts';
import { renderDigest, type RenderedMail } from '../domain/digest-content.ts';
import { launchChromium } from '@evently/platform/testing';
import { AUSTIN_WEEK, PREVIEW_IMAGES, PREVIEW_PUBLIC_URL } from './mail-fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const OUT = path.join(ROOT, 'docs/mail');

const mails: Record<string, RenderedMail> = {
  digest: renderDigest({
    appName: 'Evently',
    publicUrl: PREVIEW_PUBLIC_URL,
    recipientName: 'Ana',
    city: 'Austin',
    country: 'United States',
    events: AUSTIN_WEEK,
    unsubscribeUrl: `${PREVIEW_PUBLIC_URL}/api/subscriptions/unsubscribe/preview-token`,
  }),
  'digest-saved-search': renderDigest({
    appName: 'Evently',
    publicUrl: PREVIEW_PUBLIC_URL,
    recipientName: 'Ana',
    city: 'Austin',
    country: 'United States',
    // Cheapest first, as a search with a price bound lists them.
    events: AUSTIN_WEEK.slice(0, 3).reverse(),
    unsubscribeUrl: `${PREVIEW_PUBLIC_URL}/api/subscriptions/unsubscribe/preview-token`,
    savedSearch: {
      name: 'Events under $50 near Austin',
      url: `${PREVIEW_PUBLIC_URL}/?country=United+States&city=Austin&max_price=50`,
      editUrl: `${PREVIEW_PUBLIC_URL}/?country=United+States&city=Austin&max_price=50&edit=preview-token`,
    },
  }),
  confirmation: renderConfirmation({
    appName: 'Evently',
    publicUrl: PREVIEW_PUBLIC_URL,
    confirmUrl: `${PREVIEW_PUBLIC_URL}/api/subscriptions/confirm/preview-token`,
  }),
};

const VIEWS = [
  { suffix: 'desktop', width: 760, scheme: 'light' },
  { suffix: 'phone', width: 390, scheme: 'light' },
  { suffix: 'dark', width: 760, scheme: 'dark' },
] as const;

async function serveImagesOffline(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    const artwork = url.startsWith(`${PREVIEW_PUBLIC_URL}/static/mail/`)
      ? new URL(url).pathname.replace('/static/', 'static/')
      : null;
    const local = artwork ? path.join('frontend/public', artwork) : PREVIEW_IMAGES[url];
    if (!local) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({
      status: 200,
      body: await readFile(path.join(ROOT, local)),
      contentType: local.endsWith('.png') ? 'image/png' : 'image/jpeg',
    });
  });
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const [name, mail] of Object.entries(mails)) {
      await writeFile(path.join(OUT, `${name}.html`), mail.html);
      await writeFile(path.join(OUT, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
      for (const view of VIEWS) {
        const page = await browser.newPage({
          viewport: { width: view.width, height: 800 },
          deviceScaleFactor: 1,
          colorScheme: view.scheme,
        });
        await serveImagesOffline(page);
        await page.setContent(mail.html, { waitUntil: 'load' });
        const file = path.join(OUT, `${name}-${view.suffix}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await page.close();
        console.log(path.relative(ROOT, file));
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
