/**
 * The attack as a browser makes it: a page on the same host at another port (same-site, so Chromium sends the
 * administrator's `SameSite=Strict` cookie) auto-submits a plain HTML form that would publish a blog post, and
 * opens a socket to `/admin`. Both are refused; the site's own pages still write with JSON, and the server-rendered
 * page of a mail link still takes its button's form.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../testing/browser.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

const require = createRequire(import.meta.url);
const SOCKET_CLIENT = readFileSync(require.resolve('socket.io-client/dist/socket.io.js'), 'utf8');
const TITLE = 'Published from another origin';

let server: TestServer;
let attacker: Server;
let attackerOrigin: string;
let browser: Browser;
let context: BrowserContext;

/** The other page: a form that posts JSON-looking text/plain (no preflight), and a socket to /admin. */
function attackerPage(target: string): string {
  return `<!doctype html><html><body>
<form id="publish" method="POST" action="${target}/api/blog/posts" enctype="text/plain">
  <input name='{"title":"${TITLE}","content":"x","status":"published","pad":"' value='"}'>
</form>
<script>${SOCKET_CLIENT}</script>
<script>
  const socket = io('${target}/admin', { withCredentials: true, transports: ['websocket'], reconnection: false });
  socket.on('connect', () => { document.title = 'socket connected'; });
  socket.on('connect_error', (error) => { document.title = 'socket refused: ' + error.message; });
</script>
</body></html>`;
}

beforeAll(async () => {
  server = await startTestServer();
  attacker = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(attackerPage(server.url));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;

  const login = await fetch(`${server.url}/api/support/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: server.adminPassword }),
  });
  const token = /evently_admin=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  expect(token).toBeTruthy();
  browser = await launchChromium();
  context = await browser.newContext();
  await context.addCookies([
    { name: 'evently_admin', value: token!, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Strict' },
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
  await server?.stop();
});

const publishedTitles = async (): Promise<string> => {
  const cookies = await context.cookies(server.url);
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return JSON.stringify(await (await fetch(`${server.url}/api/blog/posts?status=all`, { headers: { cookie } })).json());
};

describe('a page of another origin, in Chromium, with the admin cookie', () => {
  it('cannot join the admin socket', async () => {
    const page = await context.newPage();
    await page.goto(attackerOrigin);
    await expect.poll(() => page.title()).toMatch(/^socket (connected|refused)/);
    // Refused at the handshake, before the namespace could even look at the (valid) cookie.
    expect(await page.title()).toMatch(/^socket refused: (?!unauthorized)/);
    await page.close();
  });

  it('cannot publish with a form: the browser lands on a 403 and nothing is written', async () => {
    const page = await context.newPage();
    await page.goto(attackerOrigin);
    const [answer] = await Promise.all([
      page.waitForResponse(`${server.url}/api/blog/posts`),
      page.evaluate("document.getElementById('publish').submit()"),
    ]);
    expect(answer.request().headers().cookie ?? (await answer.request().allHeaders()).cookie).toContain(
      'evently_admin=',
    );
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toEqual({
      error: `Cross-origin request refused: ${attackerOrigin} may not change anything on this site`,
    });
    expect(await publishedTitles()).not.toContain(TITLE);
    await page.close();
  });
});

describe('the site’s own page, in Chromium', () => {
  it('writes with JSON, and even there a form body is refused', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/blog`);
    const statuses = await page.evaluate(async () => {
      const post = (init: RequestInit) =>
        fetch('/api/blog/posts', { method: 'POST', ...init }).then((res) => res.status);
      return {
        json: await post({
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Written by the panel', content: 'Hello', status: 'draft' }),
        }),
        form: await post({ body: new URLSearchParams({ title: 'A form', content: 'Hello' }) }),
      };
    });
    expect(statuses).toEqual({ json: 201, form: 415 });
    await page.close();
  });
});

/** The confirmation link mailed to `email` (the .eml files of the embedded profile). */
async function confirmLinkFor(email: string): Promise<string> {
  const dir = path.join(server.dataDir, 'mail');
  let found: string | undefined;
  await expect
    .poll(async () => {
      for (const file of (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'))) {
        // Quoted-printable bodies wrap long lines with "=\n" and escape "=" as "=3D".
        const text = (await readFile(path.join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
        const match = text.includes(email) ? /\/api\/subscriptions\/confirm\/[A-Za-z0-9_-]{22,128}/.exec(text) : null;
        if (match) found = match[0];
      }
      return found;
    })
    .toBeTruthy();
  return found!;
}

describe('a mail link’s server-rendered page, in Chromium', () => {
  it('confirms a subscription with its button: a same-origin form, the one kind the site takes', async () => {
    const email = 'origin-check@example.com';
    const signUp = await fetch(`${server.url}/api/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, country: 'Portugal', city: 'Lisbon' }),
    });
    expect(signUp.status).toBe(202);
    const page = await context.newPage();
    await page.goto(`${server.url}${await confirmLinkFor(email)}`);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.locator('form[method="post"] button[type="submit"]').click(),
    ]);
    expect(answer.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/confirmed/i);
    await page.close();
  });
});
