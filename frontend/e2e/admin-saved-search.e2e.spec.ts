/**
 * A saved search from the admin's edit to the visitor's mail, in a real browser against the real server: the
 * admin lists subscriptions with saved filters, reads one's filters in words, changes its keyword and moves its
 * centre to coordinates (a latitude off the globe is refused beside its field), and the list shows the new
 * words. "Send digest now" then mails that search: the mail's subject names it, its "Edit this search" link
 * opens the home page's form set to change it, and its "Unsubscribe from this search" page names it too.
 * With SCREENSHOTS_DIR set, the editor is captured at 1366x900 and 390x844.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminTab, pagesPerTest } from './browser-harness.ts';
import { startHarness, type Harness } from './event-page-harness.ts';

interface CatalogueEvent {
  name: string;
  unique_title: string | null;
  date: string;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

interface Mail {
  raw: string;
  subject: string;
  text: string;
}

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});
const api = (pathname: string) => new URL(pathname, harness.server.url);
/** Mail links carry the server's PUBLIC_URL (localhost:0 here): the same path on the test server. */
const onTestServer = (link: string) => {
  const url = new URL(link);
  return new URL(`${url.pathname}${url.search}`, harness.server.url).toString();
};

/** Every mail the server has written to an address, decoded. */
async function mailsTo(email: string): Promise<Mail[]> {
  const dir = path.join(harness.server.dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  const mails: Mail[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), 'utf8');
    if (!raw.includes(`<${email}>`) && !raw.includes(`To: ${email}`)) continue;
    const parsed = await simpleParser(raw);
    mails.push({ raw, subject: parsed.subject ?? '', text: parsed.text ?? '' });
  }
  return mails;
}

async function mailMatching(email: string, pattern: RegExp): Promise<{ mail: Mail; match: RegExpExecArray }> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    for (const mail of await mailsTo(email)) {
      const match = pattern.exec(mail.text);
      if (match) return { mail, match };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${email} matching ${pattern}`);
}

/** Signs up through the public API and confirms with the mailed link, as the owner of the address would. */
async function confirmedSignUp(body: Record<string, unknown>): Promise<void> {
  const email = String(body.email);
  const before = (await mailsTo(email)).length;
  const response = await fetch(api('/api/subscriptions'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 202) throw new Error(`sign-up answered ${response.status}`);
  for (let attempt = 0; attempt < 300 && (await mailsTo(email)).length === before; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const mails = await mailsTo(email);
  const link = /\/api\/subscriptions\/confirm\/[A-Za-z0-9_-]{22,128}/.exec(mails.at(-1)?.text ?? '')?.[0];
  if (!link) throw new Error(`no confirmation link mailed to ${email}`);
  const confirmed = await fetch(api(link), { method: 'POST', headers: { accept: 'text/html' } });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
}

/** An event of the coming week with a place and a word of its name to search for. */
async function eventOfTheComingWeek(): Promise<CatalogueEvent & { word: string }> {
  const response = await fetch(api('/api/events?per_page=1000&sort_by=date&sort_order=asc'));
  const { data } = (await response.json()) as { data: CatalogueEvent[] };
  const now = Date.now();
  for (const event of data) {
    const starts = Date.parse(event.date);
    if (!(starts > now + 3 * 3_600_000 && starts < now + 5 * 86_400_000)) continue;
    if (event.latitude === null || event.longitude === null || !event.city || !event.country) continue;
    const word = event.name.split(/[^A-Za-z]+/).find((part) => part.length >= 5);
    if (word) return { ...event, word };
  }
  throw new Error('the demo catalogue has no event in the coming week to search for');
}

const newPage = pagesPerTest((viewport) => harness.newContext(viewport));
const openSubscribersTab = (page: Page) => openAdminTab(page, harness.server, 'Subscribers', 'Subscribers');

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
const round = (value: number) => Math.round(value * 10_000) / 10_000;

describe('a saved search edited by an admin, then followed from its mail', () => {
  it('changes keyword and centre in the Subscribers tab; the digest, its edit link and its unsubscribe page follow', async () => {
    const target = await eventOfTheComingWeek();
    const city = target.city!;
    await confirmedSignUp({ email: 'saver@example.com', country: target.country, city, keyword: 'jazz' });
    await confirmedSignUp({ email: 'plain@example.com', country: target.country, city });

    const page = await newPage({ width: 1366, height: 900 });
    await openSubscribersTab(page);
    await page.getByRole('button', { name: /plain@example\.com/ }).waitFor();
    await page.getByLabel('Has saved filters').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    const rows = page.getByRole('list', { name: 'Subscribers' }).locator('.admin-row__title');
    await expect.poll(() => rows.allTextContents()).toEqual(['saver@example.com']);
    const row = page.getByRole('button', { name: /saver@example\.com/ });
    expect(await row.locator('.subscriber-row__search').textContent()).toBe(`Saved search: Jazz near ${city}`);

    await row.click();
    const detail = page.getByRole('article', { name: 'saver@example.com' });
    expect(await detail.getByTestId('saved-filters-words').textContent()).toBe(`Jazz near ${city}`);
    const form = detail.getByRole('form', { name: 'Saved search filters' });
    expect(await form.getByLabel('Keyword').inputValue()).toBe('jazz');
    expect(await form.getByLabel(`The centre of ${city}, ${target.country}`).isChecked()).toBe(true);

    // A latitude off the globe is refused beside the field, before anything is sent.
    await form.getByLabel('Keyword').fill(target.word);
    await form.getByLabel('Coordinates').check();
    await form.getByLabel('Latitude').fill('95');
    await form.getByLabel('Longitude').fill(String(round(target.longitude!)));
    await form.getByRole('button', { name: 'Save search' }).click();
    expect(await form.getByText('Latitude must be a number from -90 to 90').isVisible()).toBe(true);
    expect(await form.getByLabel('Latitude').getAttribute('aria-invalid')).toBe('true');

    const lat = round(target.latitude!);
    const lon = round(target.longitude!);
    await form.getByLabel('Latitude').fill(String(lat));
    const patch = page.waitForRequest((request) => request.method() === 'PATCH');
    await form.getByRole('button', { name: 'Save search' }).click();
    expect(JSON.parse((await patch).postData() ?? '{}')).toEqual({
      keyword: target.word,
      latitude: lat,
      longitude: lon,
    });
    await detail.getByRole('status').filter({ hasText: 'Saved search updated' }).waitFor();
    const words = `${capitalised(target.word)} within 50 km of ${city}`;
    expect(await detail.getByTestId('saved-filters-words').textContent()).toBe(words);
    await row.locator('.subscriber-row__search', { hasText: `Saved search: ${words}` }).waitFor();

    const shots = process.env.SCREENSHOTS_DIR;
    if (shots) {
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, 'admin-saved-search-1366.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await form.getByLabel('Latitude').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, 'admin-saved-search-390.png') });
      await page.setViewportSize({ width: 1366, height: 900 });
    }

    // The server holds the change: the digest it sends now is that search, and it lists the event.
    await detail.getByRole('button', { name: 'Send digest now' }).click();
    await detail.getByRole('status').filter({ hasText: 'Digest sent to saver@example.com' }).waitFor();
    const edit = await mailMatching('saver@example.com', /Edit this search: (\S+)/);
    expect(edit.mail.subject).toMatch(new RegExp(`^Evently: \\d+ events? this week for “${words}”$`));
    expect(edit.mail.text).toContain(target.unique_title || target.name);
    const editLink = new URL(edit.match[1]!);
    expect(editLink.searchParams.get('keyword')).toBe(target.word);
    expect(editLink.searchParams.get('near')).toBe(`${round3(lat)},${round3(lon)}`);

    // The visitor's edit link from the mail opens the home page's form set to change this search.
    const visitor = await newPage({ width: 1280, height: 900 });
    await visitor.goto(onTestServer(edit.match[1]!));
    const saveForm = visitor.locator('form.save-search__form');
    await saveForm.waitFor();
    // The form is in the server's first paint; the visitor's press needs the client to have taken over.
    await visitor.waitForSelector('html[data-client="ready"]', { state: 'attached' });
    const visitorWords = await visitor.getByTestId('saved-search-words').textContent();
    expect(visitorWords).toBe(words);
    await saveForm.getByRole('button', { name: 'Update search' }).click();
    await visitor
      .getByRole('status')
      .filter({ hasText: `Saved search updated: “${words}”. The next weekly digest follows it.` })
      .waitFor();

    // Its unsubscribe page names the search in words.
    const unsubscribe = /Unsubscribe from this search with one click: (\S+)/.exec(edit.mail.text)![1]!;
    await visitor.goto(onTestServer(unsubscribe));
    expect(await visitor.locator('main p').first().textContent()).toBe(
      `Press Unsubscribe to stop the weekly Evently digest for “${words}”.`,
    );
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.getByRole('heading', { name: 'You have been unsubscribed' }).waitFor();
    expect(await visitor.locator('main p').first().textContent()).toBe(
      `You will no longer receive the weekly Evently digest for “${words}”.`,
    );
  });
});

const round3 = (value: number) => Math.round(value * 1000) / 1000;
