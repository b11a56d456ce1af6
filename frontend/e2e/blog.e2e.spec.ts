/**
 * The blog in real Chromium against the real server: an administrator logs in through the panel, writes a post
 * with bold and a heading (and hostile markup), saves it as a draft that /blog does not show, previews it,
 * publishes it, and a visitor reads it at /blog/{slug} with the formatting and without any markup running.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logInToAdmin, openPage, startBrowserHarness, type BrowserHarness } from './browser-harness.ts';

let h: BrowserHarness;

beforeAll(async () => {
  h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

async function login(page: Page) {
  await logInToAdmin(page, h.server);
  await page.getByRole('tab', { name: 'Blog Posts' }).click();
  await page.getByRole('heading', { name: 'New Post' }).waitFor();
}

/** Types into the body and runs a toolbar button on the selection. */
async function typeBody(page: Page, text: string) {
  const body = page.getByLabel('Content', { exact: true });
  await body.click();
  await body.press('End');
  await body.pressSequentially(text);
}

describe('blog', () => {
  it('an admin drafts, previews and publishes a post; a visitor reads it safely', async () => {
    const { context, page } = await openPage(h);
    page.on('dialog', (dialog) => void dialog.accept());
    await login(page);

    // Save is blocked until there is a title and content (spec 02 §5).
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);

    await page.getByLabel('Title').fill('Night Markets of Porto');
    await page.getByLabel('Excerpt').fill('Where to eat and listen after dark.');
    // H2 on an empty body inserts a selected placeholder heading; typing replaces it.
    await page.getByLabel('Content', { exact: true }).click();
    await page.getByRole('button', { name: 'H2' }).click();
    await page.keyboard.type('Where to start');
    await page.keyboard.press('Enter');
    await page.keyboard.type('The river is ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('magic');
    await page.keyboard.press('End');
    await typeBody(
      page,
      ' at night.\nSecond line.\n<script>window.__pwned = 1</script>\n<img src=x onerror="window.__pwned = 2">\n[click](javascript:window.__pwned=3)',
    );
    await page.getByRole('button', { name: 'Insert 🎉' }).click();
    await page.getByLabel('Category').fill('City Guides');
    await page.getByLabel('Tags (comma separated)').fill('porto, food, night');
    const content = await page.getByLabel('Content', { exact: true }).inputValue();
    expect(content).toContain('## Where to start\nThe river is **magic** at night.\nSecond line.');

    // The unsaved draft survives a reload.
    await page.reload();
    await page.getByRole('tab', { name: 'Blog Posts' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe('Night Markets of Porto');
    expect(await page.getByLabel('Content', { exact: true }).inputValue()).toBe(content);

    await save.click();
    await page.getByRole('heading', { name: 'Edit Post' }).waitFor();
    const row = page
      .getByRole('list', { name: 'Blog posts' })
      .getByRole('listitem')
      .filter({ hasText: 'Night Markets of Porto' });
    await row.getByText('Draft').waitFor();

    // A draft is not on the public blog, and its page says Post not found to a visitor.
    const visitor = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const reader = await visitor.newPage();
    await reader.goto(`${h.server.url}/blog`);
    await reader.getByText('No posts yet').waitFor();
    await reader.goto(`${h.server.url}/blog/night-markets-of-porto`);
    await reader.getByText('Post not found').waitFor();

    // The admin previews it.
    const preview = await context.newPage();
    await preview.goto(`${h.server.url}/blog/night-markets-of-porto?preview=1`);
    await preview.getByRole('heading', { level: 1, name: 'Night Markets of Porto' }).waitFor();
    await preview.getByText('Draft preview').waitFor();
    await preview.close();

    // Publish.
    await page.getByLabel('Status').selectOption('published');
    await save.click();
    await row.getByText('Published').waitFor();

    // The visitor finds it on /blog and reads it.
    // The list is a projection: the worker applies the publication a moment after the save.
    const card = reader.getByRole('link', { name: /Night Markets of Porto/ });
    for (let attempt = 0; attempt < 20 && !(await card.isVisible()); attempt += 1) {
      await reader.goto(`${h.server.url}/blog`);
      await reader
        .getByText(/No posts yet|Night Markets of Porto/)
        .first()
        .waitFor();
    }
    await card.click();
    await reader.waitForURL(/\/blog\/night-markets-of-porto$/);
    const article = reader.locator('[data-testid="post-content"]');
    await article.getByRole('heading', { level: 2, name: 'Where to start' }).waitFor();
    expect(await article.locator('strong').textContent()).toBe('magic');
    expect(await article.locator('br').count()).toBeGreaterThan(0);
    expect(await article.locator('script, img, a[href^="javascript"]').count()).toBe(0);
    expect(await article.textContent()).toContain('<script>window.__pwned = 1</script>');
    await reader.getByText('City Guides').first().waitFor();
    await reader.getByText('#porto').waitFor();
    await reader.getByText('1 min read').waitFor();
    await reader.getByRole('button', { name: 'Back to Blog' }).waitFor();
    await reader.getByRole('button', { name: 'Back to Events' }).waitFor();
    expect(await reader.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();

    // The feed carries it too.
    const rss = await fetch(`${h.server.url}/blog/rss.xml`);
    expect(await rss.text()).toContain('Night Markets of Porto');

    await visitor.close();
    await context.close();
  });

  it('deleting a post from the panel takes it off the blog', async () => {
    const { context, page } = await openPage(h);
    page.on('dialog', (dialog) => void dialog.accept());
    await login(page);
    const row = page
      .getByRole('list', { name: 'Blog posts' })
      .getByRole('listitem')
      .filter({ hasText: 'Night Markets of Porto' });
    await row.getByRole('button', { name: 'Delete Night Markets of Porto' }).click();
    await page.getByText('No posts yet').waitFor();
    const response = await fetch(`${h.server.url}/api/blog/posts/night-markets-of-porto`);
    expect(response.status).toBe(404);
    await context.close();
  });
});
