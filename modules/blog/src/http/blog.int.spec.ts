/**
 * The blog calls of spec 02 §7 over real HTTP, a real SQLite store, log and search index: drafts, previews,
 * 401s, 404s, slug redirects, validation with nothing written on a 4xx, the projection and the RSS feed.
 */
import { collectMessages } from '@evently/platform/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLOG_TOPIC } from '../contracts/messages.ts';
import { ADMIN_PASSWORD, startBlogHarness, type BlogHarness } from '../testing/blog-harness.ts';
import { makePostBody } from '../testing/make-post.ts';

type Json = Record<string, unknown>;
const asAdmin = { 'x-admin-password': ADMIN_PASSWORD };

let h: BlogHarness;

async function call(
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string>; redirect?: 'manual' | 'follow' } = {},
) {
  const response = await fetch(`${h.url}${path}`, {
    method,
    redirect: init.redirect ?? 'manual',
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  const body = (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { text }) as Json;
  return { status: response.status, body, headers: response.headers };
}

async function create(overrides: Json = {}): Promise<Json> {
  const { status, body } = await call('POST', '/api/blog/posts', { body: makePostBody(overrides), headers: asAdmin });
  expect(status).toBe(201);
  return body;
}

const update = (id: unknown, body: Json) => call('PUT', `/api/blog/posts/${String(id)}`, { body, headers: asAdmin });

async function publicList(query = ''): Promise<Json> {
  await h.projected();
  return (await call('GET', `/api/blog/posts${query}`)).body;
}
const slugsOf = (list: Json) => (list.posts as Json[]).map((post) => post.slug);

async function nothingWritten(action: () => Promise<unknown>) {
  const before = {
    docs: await h.store.count('blog_posts'),
    slugs: await h.store.count('blog_slugs'),
    log: await h.loggedMessages(),
  };
  await action();
  expect({
    docs: await h.store.count('blog_posts'),
    slugs: await h.store.count('blog_slugs'),
    log: await h.loggedMessages(),
  }).toEqual(before);
}

beforeEach(async () => {
  h = await startBlogHarness();
});
afterEach(async () => {
  await h.close();
});

describe('POST /api/blog/posts', () => {
  it('creates a draft by default with a slug, reading time, defaults and the rendered body', async () => {
    const post = await create({ cover_width: 'large', cover_image: '/static/blog/covers/lisbon-1200w.webp' });
    expect(post).toMatchObject({
      slug: 'a-weekend-in-lisbon',
      title: 'A Weekend in Lisbon',
      status: 'draft',
      published_at: null,
      minutes_read: 1,
      category: 'City Guides',
      tags: ['lisbon', 'music'],
      cover_visible: true,
      cover_aspect: '16:9',
      cover_fit: 'cover',
      cover_width: 'lg',
      version: 1,
    });
    expect(post.content).toBe('# Lisbon\nSome **bold** advice.\nA second line.');
    expect(post.content_html).toBe('<h1>Lisbon</h1>\n<p>Some <strong>bold</strong> advice.<br>\nA second line.</p>\n');
  });

  it('gives a repeated title its own slug and folds accents', async () => {
    expect((await create()).slug).toBe('a-weekend-in-lisbon');
    expect((await create()).slug).toBe('a-weekend-in-lisbon-2');
    expect((await create({ title: 'Café Crème à São Paulo' })).slug).toBe('cafe-creme-a-sao-paulo');
  });

  it('publishes at once when asked, stamping published_at', async () => {
    expect(await create({ status: 'published' })).toMatchObject({
      status: 'published',
      published_at: '2026-11-21T10:00:00.000Z',
    });
  });

  it('accepts tags as a list and both readings of the cover width', async () => {
    expect(await create({ tags: ['Food', 'food', ' Night '], cover_width: 'medium' })).toMatchObject({
      tags: ['food', 'Night'],
      cover_width: 'md',
    });
    expect(await create({ cover_width: 'md' })).toMatchObject({ cover_width: 'md' });
  });

  it('refuses without the admin credential (401) and writes nothing', async () => {
    await nothingWritten(async () => {
      expect((await call('POST', '/api/blog/posts', { body: makePostBody() })).status).toBe(401);
      expect(
        (await call('POST', '/api/blog/posts', { body: makePostBody(), headers: { 'x-admin-password': 'wrong' } }))
          .status,
      ).toBe(401);
    });
  });

  it.each(
    (
      [
        [{ title: undefined }, /^title: /],
        [{ title: '   ' }, /^title: Title is required$/],
        [{ content: '  ' }, /^content: Content is required$/],
        [{ title: 't'.repeat(201) }, /^title: Title must be at most 200 characters$/],
        [{ excerpt: 'e'.repeat(501) }, /^excerpt: /],
        [{ content: 'c'.repeat(50_001) }, /^content: /],
        [{ category: 'c'.repeat(51) }, /^category: /],
        [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, /^tags: At most 10 tags$/],
        [{ tags: 42 }, /^tags: /],
        [
          { cover_image: 'javascript:alert(1)' },
          /^cover_image: Cover image must be an http\(s\) URL or a path on this site$/,
        ],
        [{ cover_image: '//evil.example/x.png' }, /^cover_image: /],
        [{ cover_aspect: '21:9' }, /^cover_aspect: Cover aspect must be one of 16:9, 1:1, 4:3, 3:4$/],
        [{ cover_fit: 'stretch' }, /^cover_fit: /],
        [{ cover_width: 'xl' }, /^cover_width: Cover width must be one of full, large, lg, medium, md$/],
        [{ cover_visible: 'yes' }, /^cover_visible: /],
        [{ status: 'all' }, /^status: Status must be one of draft, published$/],
      ] as Array<[Json, RegExp]>
    ).map(([change, error]) => [Object.keys(change).join(), change, error] as const),
  )('answers 400 naming %s and writes nothing', async (_field, change, error) => {
    await nothingWritten(async () => {
      const { status, body } = await call('POST', '/api/blog/posts', { body: makePostBody(change), headers: asAdmin });
      expect(status).toBe(400);
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error).toMatch(error);
    });
  });
});

describe('GET /api/blog/posts', () => {
  it('lists published posts only, newest publication first, with their categories', async () => {
    const first = await create({ title: 'First', status: 'published' });
    h.clock.advance(60_000);
    await create({ title: 'Draft only' });
    h.clock.advance(60_000);
    await create({ title: 'Second', status: 'published', category: 'News' });
    const list = await publicList();
    expect(slugsOf(list)).toEqual(['second', 'first']);
    expect(list.total).toBe(2);
    expect([...(list.categories as string[])].sort()).toEqual(['City Guides', 'News']);
    const item = (list.posts as Json[])[1];
    expect(item).toMatchObject({
      id: first.id,
      title: 'First',
      excerpt: 'Fado, rooftops and late concerts.',
      tags: ['lisbon', 'music'],
    });
    expect(item).not.toHaveProperty('content');
    expect(item).not.toHaveProperty('content_html');
  });

  it('filters by category, case-insensitively', async () => {
    await create({ title: 'Guide', status: 'published' });
    await create({ title: 'Update', status: 'published', category: 'News' });
    expect(slugsOf(await publicList('?category=news'))).toEqual(['update']);
    expect(slugsOf(await publicList('?category=Nothing'))).toEqual([]);
  });

  it('lists drafts too for ?status=all with the credential, and refuses it without (401)', async () => {
    await create({ title: 'Draft one' });
    await create({ title: 'Live one', status: 'published' });
    const refused = await call('GET', '/api/blog/posts?status=all');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: expect.any(String) });
    expect((await call('GET', '/api/blog/posts?status=draft')).status).toBe(401);
    const all = await call('GET', '/api/blog/posts?status=all', { headers: asAdmin });
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    expect(slugsOf(all.body).sort()).toEqual(['draft-one', 'live-one']);
    expect(slugsOf((await call('GET', '/api/blog/posts?status=draft', { headers: asAdmin })).body)).toEqual([
      'draft-one',
    ]);
  });

  it('answers 400 for an unknown status filter', async () => {
    expect((await call('GET', '/api/blog/posts?status=archived', { headers: asAdmin })).status).toBe(400);
  });
});

describe('GET /api/blog/posts/:slug', () => {
  it('answers a published post as the post object', async () => {
    const created = await create({ status: 'published' });
    const { status, body } = await call('GET', '/api/blog/posts/a-weekend-in-lisbon');
    expect(status).toBe(200);
    expect(body).toEqual(created);
  });

  it('hides drafts (404 Post not found), also from a visitor asking for a preview', async () => {
    await create();
    for (const path of ['/api/blog/posts/a-weekend-in-lisbon', '/api/blog/posts/a-weekend-in-lisbon?preview=1']) {
      const { status, body } = await call('GET', path);
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'Post not found' });
    }
  });

  it('answers a draft to an administrator asking for ?preview=1, uncached', async () => {
    await create();
    const { status, body, headers } = await call('GET', '/api/blog/posts/a-weekend-in-lisbon?preview=1', {
      headers: asAdmin,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'draft', content: '# Lisbon\nSome **bold** advice.\nA second line.' });
    expect(headers.get('cache-control')).toBe('no-store');
    expect((await call('GET', '/api/blog/posts/a-weekend-in-lisbon', { headers: asAdmin })).status).toBe(404);
  });

  it('answers 404 for unknown and malformed slugs', async () => {
    expect((await call('GET', '/api/blog/posts/nope')).status).toBe(404);
    expect((await call('GET', '/api/blog/posts/NOT%20A%20SLUG')).status).toBe(404);
  });

  it('never renders hostile content as markup', async () => {
    await create({
      status: 'published',
      content: '<script>window.pwned=1</script>\n<img src=x onerror=alert(1)>\n[x](javascript:alert(1))',
    });
    const { body } = await call('GET', '/api/blog/posts/a-weekend-in-lisbon');
    expect(body.content_html).not.toMatch(/<script|<img|href="javascript/i);
    expect(body.content_html).toContain('&lt;script&gt;');
  });
});

describe('PUT /api/blog/posts/:id', () => {
  it('publishes a draft: published_at set once, kept through edits, unpublishing and republishing', async () => {
    const draft = await create();
    h.clock.advance(3_600_000);
    const published = await update(draft.id, { status: 'published' });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', published_at: '2026-11-21T11:00:00.000Z', version: 2 });
    expect(slugsOf(await publicList())).toEqual(['a-weekend-in-lisbon']);
    h.clock.advance(3_600_000);
    expect((await update(draft.id, { status: 'draft' })).body).toMatchObject({
      status: 'draft',
      published_at: '2026-11-21T11:00:00.000Z',
    });
    expect(slugsOf(await publicList())).toEqual([]);
    expect((await update(draft.id, { status: 'published' })).body).toMatchObject({
      published_at: '2026-11-21T11:00:00.000Z',
    });
  });

  it('recomputes minutes_read from new content', async () => {
    const post = await create();
    const { body } = await update(post.id, { content: 'word '.repeat(450) });
    expect(body.minutes_read).toBe(3);
  });

  it('keeps the slug when a retitle slugifies to the same words', async () => {
    const post = await create();
    expect((await update(post.id, { title: 'A weekend in LISBON!' })).body.slug).toBe('a-weekend-in-lisbon');
  });

  it('an edit that changes nothing writes nothing', async () => {
    const post = await create();
    await nothingWritten(async () => {
      expect((await update(post.id, { title: post.title, tags: 'lisbon,music' })).body).toMatchObject({ version: 1 });
    });
  });

  it('refuses without the credential (401), answers 404 for an unknown id, 400 for a bad field; nothing written', async () => {
    const post = await create();
    await nothingWritten(async () => {
      expect((await call('PUT', `/api/blog/posts/${String(post.id)}`, { body: { title: 'Hacked' } })).status).toBe(401);
      const missing = await update('no-such-id', { title: 'X' });
      expect(missing).toMatchObject({ status: 404, body: { error: 'Post not found' } });
      const bad = await update(post.id, { cover_fit: 'fill' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/^cover_fit: /);
    });
  });
});

describe('renamed posts keep answering their old slug', () => {
  it('API: 308 to the new address with { redirect_to, slug }; fetch lands on the post', async () => {
    const post = await create({ status: 'published' });
    await update(post.id, { title: 'Lisbon After Dark' });
    const moved = await call('GET', '/api/blog/posts/a-weekend-in-lisbon?x=1');
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe('/api/blog/posts/lisbon-after-dark?x=1');
    expect(moved.body).toEqual({ redirect_to: '/blog/lisbon-after-dark', slug: 'lisbon-after-dark' });
    const followed = await call('GET', '/api/blog/posts/a-weekend-in-lisbon', { redirect: 'follow' });
    expect(followed).toMatchObject({ status: 200, body: { slug: 'lisbon-after-dark', title: 'Lisbon After Dark' } });
  });

  it('page: /blog/{old} answers 301 to /blog/{new}; other post pages fall through to the web client', async () => {
    const post = await create({ status: 'published' });
    await update(post.id, { title: 'Lisbon After Dark' });
    const moved = await call('GET', '/blog/a-weekend-in-lisbon');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/blog/lisbon-after-dark');
    expect((await call('GET', '/blog/lisbon-after-dark')).status).toBe(404);
  });

  it('an old slug stays with its post: a new post with the old title gets a numbered slug', async () => {
    const post = await create({ status: 'published' });
    await update(post.id, { title: 'Lisbon After Dark' });
    expect((await create()).slug).toBe('a-weekend-in-lisbon-2');
    expect((await call('GET', '/api/blog/posts/a-weekend-in-lisbon')).status).toBe(308);
  });

  it('renaming back reclaims the post’s own earlier slug', async () => {
    const post = await create();
    await update(post.id, { title: 'Lisbon After Dark' });
    expect((await update(post.id, { title: 'A Weekend in Lisbon' })).body.slug).toBe('a-weekend-in-lisbon');
  });

  it('a draft’s old slug does not reveal the draft', async () => {
    const post = await create();
    await update(post.id, { title: 'Secret plans' });
    expect((await call('GET', '/api/blog/posts/a-weekend-in-lisbon')).status).toBe(404);
    expect((await call('GET', '/blog/a-weekend-in-lisbon')).status).toBe(404);
  });
});

describe('DELETE /api/blog/posts/:id', () => {
  it('deletes the post, takes it off the list and frees its slugs', async () => {
    const post = await create({ status: 'published' });
    expect(slugsOf(await publicList())).toEqual(['a-weekend-in-lisbon']);
    expect((await call('DELETE', `/api/blog/posts/${String(post.id)}`)).status).toBe(401);
    const deleted = await call('DELETE', `/api/blog/posts/${String(post.id)}`, { headers: asAdmin });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Post deleted' } });
    expect((await call('GET', '/api/blog/posts/a-weekend-in-lisbon')).status).toBe(404);
    expect(slugsOf(await publicList())).toEqual([]);
    expect((await create()).slug).toBe('a-weekend-in-lisbon');
    expect((await call('DELETE', `/api/blog/posts/${String(post.id)}`, { headers: asAdmin })).status).toBe(404);
  });
});

describe('messages and the projection', () => {
  it('announces every change on evently.blog, keyed by post id, with the post version', async () => {
    const post = await create();
    await update(post.id, { status: 'published' });
    await update(post.id, { excerpt: 'New excerpt' });
    await update(post.id, { status: 'draft' });
    await call('DELETE', `/api/blog/posts/${String(post.id)}`, { headers: asAdmin });
    const messages = await collectMessages(h.bus, [BLOG_TOPIC]);
    expect(messages.map((m) => [m.type, m.key, m.aggregate_version, m.version])).toEqual([
      ['BlogPostCreated', post.id, 1, 1],
      ['BlogPostPublished', post.id, 2, 1],
      ['BlogPostUpdated', post.id, 3, 1],
      ['BlogPostUnpublished', post.id, 4, 1],
      ['BlogPostDeleted', post.id, 5, 1],
    ]);
    expect(messages[2]?.data).toMatchObject({ post_id: post.id, excerpt: 'New excerpt', status: 'published' });
    expect(messages[2]?.data).not.toHaveProperty('content');
  });

  it('a replay from the start of the log ends in the same list', async () => {
    const a = await create({ title: 'One', status: 'published' });
    h.clock.advance(1000);
    await create({ title: 'Two', status: 'published' });
    await update(a.id, { title: 'One renamed' });
    const before = await publicList();
    await h.runner.rebuild();
    expect(await publicList()).toEqual(before);
    expect(slugsOf(before)).toEqual(['two', 'one-renamed']);
  });
});

describe('GET /blog/rss.xml', () => {
  /** What an XML parser hands a reader for an element's content: character references and entities decoded once. */
  const xmlTextOf = (xml: string, pattern: RegExp) =>
    [...xml.matchAll(pattern)].map(([, raw]) =>
      raw!
        .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
        .replace(/&(lt|gt|quot|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[name]!),
    );

  it('is RSS 2.0 of published posts with absolute links, the title, excerpt and categories as text, and the body as safe HTML', async () => {
    await create({
      title: 'Fish & <Chips>',
      excerpt: 'Try <b>this</b> & that',
      category: 'Food & <Drink>',
      tags: ['<i>late</i>'],
      status: 'published',
      content: 'Some **bold** <script>x</script>',
    });
    await create({ title: 'Hidden draft' });
    await h.projected();
    const response = await fetch(`${h.url}/blog/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const xml = await response.text();
    expect(xml).toMatch(/<rss version="2.0"/);
    expect(xml).toContain('<title>Evently Blog</title>');
    expect(xml).toContain('<link>http://evently.test/blog/fish-and-chips</link>');
    expect(xml).not.toContain('Hidden draft');

    // Text elements carry no markup at all and no CDATA (which readers cannot tell from markup).
    const item = xml.slice(xml.indexOf('<item>'));
    expect(item).toContain('<title>Fish &#x26; &#x3C;Chips&#x3E;</title>');
    expect(xmlTextOf(item, /<title>(.*?)<\/title>/g)).toEqual(['Fish & <Chips>']);
    expect(xmlTextOf(item, /<category>(.*?)<\/category>/g)).toEqual(['Food & <Drink>', '<i>late</i>']);
    // The description is HTML to every reader: the excerpt arrives escaped, so it shows exactly as typed.
    expect(xmlTextOf(item, /<description>(.*?)<\/description>/g)).toEqual(['Try &lt;b&gt;this&lt;/b&gt; &amp; that']);
    expect(item).not.toMatch(/<(title|description|category)><!\[CDATA\[/);
    // Only the body we rendered ourselves is markup.
    expect(item).toContain(
      '<content:encoded><![CDATA[<p>Some <strong>bold</strong> &lt;script&gt;x&lt;/script&gt;</p>',
    );
  });
});

describe('starter posts', () => {
  it('loads three published posts into an empty store once, and never again', async () => {
    await h.close();
    h = await startBlogHarness({ demoData: true });
    const list = await publicList();
    expect(list.posts).toHaveLength(3);
    expect((list.posts as Json[]).every((post) => post.status === 'published')).toBe(true);
    expect(await h.module.seedStarterPostsIfEmpty()).toBe(0);
    for (const post of list.posts as Json[])
      await call('DELETE', `/api/blog/posts/${String(post.id)}`, { headers: asAdmin });
    expect(await h.module.seedStarterPostsIfEmpty()).toBe(0);
    expect(await h.store.count('blog_posts')).toBe(0);
  });

  it('loads them once when two starts race', async () => {
    await h.close();
    h = await startBlogHarness();
    const loaded = await Promise.all([h.module.seedStarterPostsIfEmpty(), h.module.seedStarterPostsIfEmpty()]);
    expect(loaded.sort()).toEqual([0, 3]);
    expect(await h.store.count('blog_posts')).toBe(3);
  });
});
