/**
 * The subscriptions module over real HTTP, a real SQLite store and log, and a real SMTP server on 127.0.0.1.
 * The events catalogue is the one stand-in: the digest's choice of events is the events module's concern
 * (tested there); here it returns fixed events so the mail content is known.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAILBOX_CAP, mailboxKey, projectorGroup } from '@evently/platform';
import { HARNESS_ADMIN_PASSWORD, startModuleHarness, type ModuleHarness } from '@evently/testkit';
import { startSmtpSink, type SmtpSink } from '@evently/mail/testing';

import {
  createSubscriptionsModule,
  INVALID_EMAIL_MESSAGE,
  SUBSCRIBERS_TOPIC,
  type DigestEvent,
  type EventsCatalogue,
  type SubscriptionsModule,
} from '../index.ts';

const ADMIN = HARNESS_ADMIN_PASSWORD;

const lisbonEvents: DigestEvent[] = [
  {
    id: 11,
    name: 'Fado Night',
    date: '2026-11-25T20:00:00Z',
    city: 'Lisbon',
    country: 'Portugal',
    category: 'Music & Concerts',
    image_url: 'https://img.example/fado.jpg',
    price_text: 'USD 25',
    slug: '11-fado-night',
  },
  {
    id: 12,
    name: 'Tech Meetup',
    date: '2026-11-26T18:00:00Z',
    city: 'Lisbon',
    country: 'Portugal',
    category: 'Technology',
    image_url: null,
    price_text: 'Free',
    slug: null,
  },
];

/** Lisbon has events, Porto has a location but nothing on, Atlantis is unknown. */
const catalogue: EventsCatalogue = {
  async cityCoordinates(city) {
    if (city.toLowerCase() === 'lisbon') return { lat: 38.72, lon: -9.14 };
    if (city.toLowerCase() === 'porto') return { lat: 41.15, lon: -8.61 };
    return null;
  },
  async matching({ lat }) {
    return lat < 40 ? lisbonEvents : [];
  },
};

type Harness = ModuleHarness<SubscriptionsModule>;

const startHarness = (smtpUrl: string, signUpLimit = { limit: 100, windowMs: 60_000 }): Promise<Harness> =>
  startModuleHarness({
    name: 'evently-subs-',
    create: (deps) => createSubscriptionsModule(deps, { catalogue, appName: 'Evently', smtpUrl, signUpLimit }),
  });

let smtp: SmtpSink;
let h: Harness;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const admin = (path: string, init: RequestInit = {}) =>
  fetch(`${h.url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'x-admin-password': ADMIN, ...(init.headers ?? {}) },
  });

async function signUp(email: string, city = 'Lisbon', extra: Record<string, unknown> = {}) {
  const response = await post('/api/subscriptions', { email, name: 'Ana', country: 'Portugal', city, ...extra });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

interface StoredSubscriber {
  id: string;
  name: string | null;
  is_active: boolean;
  confirmed_at: string | null;
  updated_at: string;
  version: number;
}
const subscriberOf = (email: string, city = 'Lisbon') =>
  h.store.findOne<StoredSubscriber>('subscribers', { identity_key: `${email.toLowerCase()}|${city.toLowerCase()}` });

/** The confirmation links mailed so far, oldest first. */
const confirmLinks = () =>
  smtp.messages
    .map((mail) => /http:\/\/evently\.test(\/api\/subscriptions\/confirm\/[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1])
    .filter(Boolean) as string[];

/** Follows a confirmation link the way a person does: open the page, press its button. */
async function confirmByLink(path: string) {
  const pageAnswer = await fetch(`${h.url}${path}`);
  expect(await pageAnswer.text()).toContain(`action="${path}"`);
  return fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** A sign-up confirmed through its mail: an active subscriber, as most admin and digest tests need. */
async function confirmedSignUp(email: string, city = 'Lisbon') {
  const before = smtp.messages.length;
  await signUp(email, city);
  await h.runner.drained();
  await smtp.waitFor(before + 1);
  const link = confirmLinks().at(-1)!;
  expect((await confirmByLink(link)).status).toBe(200);
  return (await subscriberOf(email, city))!;
}

beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  smtp.messages.length = 0;
  smtp.recover();
  h = await startHarness(smtp.url);
});
afterEach(async () => {
  await h.close();
});

describe('POST /api/subscriptions (double opt-in)', () => {
  it('finding 1: a new sign-up is pending, gets no digest, and becomes active only through the mailed link', async () => {
    const { response } = await signUp('ana@example.com');
    expect(response.status).toBe(202);
    expect(await subscriberOf('ana@example.com')).toMatchObject({ is_active: false, confirmed_at: null });
    const listed = (await (await admin('/api/subscriptions/admin')).json()) as {
      subscriptions: Array<Record<string, unknown>>;
      stats: Record<string, number>;
    };
    expect(listed.subscriptions[0]).toMatchObject({ status: 'pending', confirmed: false, is_active: false });
    expect(listed.stats).toMatchObject({ total: 1, active: 0, pending: 1 });
    expect(await (await admin('/api/subscriptions/admin/run-digest', { method: 'POST' })).json()).toEqual({
      result: { processed: 0, sent: 0, skipped: 0, searches: 0 },
    });
    const id = (await subscriberOf('ana@example.com'))!.id;
    const forced = await admin(`/api/subscriptions/admin/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ is_active: true }),
    });
    expect(forced.status).toBe(409);

    await h.runner.drained();
    const [mail] = await smtp.waitFor(1);
    const link = confirmLinks()[0]!;
    // Opening the link (as a mail scanner does) only shows the button.
    const opened = await fetch(`${h.url}${link}`);
    expect(opened.status).toBe(200);
    const page = await opened.text();
    expect(page).toMatch(/<form method="post"[^>]*><button type="submit">Confirm<\/button>/);
    // The site's header and a way back, as on every page of the site.
    expect(page).toMatch(/<header class="hd">.*Event Reviews.*Partner With Us/s);
    expect(page).toContain('>Back to Events</a>');
    expect((await subscriberOf('ana@example.com'))!.is_active).toBe(false);
    const confirmed = await confirmByLink(link);
    expect(await confirmed.text()).toContain('Subscription confirmed');
    expect(mail!.envelopeTo).toEqual(['ana@example.com']);
    const after = (await (await admin('/api/subscriptions/admin')).json()) as {
      subscriptions: Array<Record<string, unknown>>;
    };
    expect(after.subscriptions[0]).toMatchObject({
      status: 'active',
      confirmed: true,
      is_active: true,
      confirmed_at: '2026-11-21T10:00:00.000Z',
    });
    expect(await (await admin('/api/subscriptions/admin/run-digest', { method: 'POST' })).json()).toEqual({
      result: { processed: 1, sent: 1, skipped: 0, searches: 1 },
    });
    const twice = await fetch(`${h.url}${link}`, { method: 'POST', headers: { accept: 'text/html' } });
    expect(await twice.text()).toContain('Already confirmed');
  });

  it('finding 2: a repeated sign-up of an unsubscribed address changes nothing until it is confirmed', async () => {
    const first = await confirmedSignUp('ana@example.com');
    await admin(`/api/subscriptions/admin/${first.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ is_active: false }),
    });
    const before = (await subscriberOf('ana@example.com'))!;
    await signUp('ANA@example.com', 'LISBON', { name: 'Someone Else' });
    await h.runner.drained();
    await smtp.waitFor(2);
    expect(await subscriberOf('ana@example.com')).toEqual(before);
    expect(await h.store.count('subscribers')).toBe(1);

    await confirmByLink(confirmLinks().at(-1)!);
    expect(await subscriberOf('ana@example.com')).toMatchObject({
      id: first.id,
      is_active: true,
      name: 'Someone Else',
    });
  });

  it('finding 3: caps confirmation mails per mailbox, whatever the number of sign-ups, cities or spellings of the address', async () => {
    const spellings = ['victim@example.com', 'Victim@Example.com', 'victim+1@example.com', 'VICTIM+news@example.com'];
    for (let i = 0; i < 8; i += 1) await signUp(spellings[i % spellings.length]!, i % 2 ? 'Lisbon' : 'Porto');
    // The sink records a mail before it answers 250, so once the mailer has drained every mail it sent is here.
    await h.runner.drained();
    const toVictim = () =>
      smtp.messages.filter((mail) => mail.envelopeTo.some((to) => mailboxKey(to) === 'victim@example.com'));
    expect(toVictim()).toHaveLength(DEFAULT_MAILBOX_CAP.limit);
    // The cap is per mailbox: another address still gets its mail, and the next day the victim can again.
    await signUp('other@example.com');
    h.clock.advance(86_400_000);
    await signUp('victim+later@example.com');
    await h.runner.drained();
    await smtp.waitFor(DEFAULT_MAILBOX_CAP.limit + 2);
    expect(toVictim()).toHaveLength(DEFAULT_MAILBOX_CAP.limit + 1);
  });

  it("refuses an address that would be mailed somewhere else, with the form's message, and mails nothing", async () => {
    for (const email of ['v1<victim@x.example>.z', 'Victim <victim@x.example>', '"victim"@x.example']) {
      const { response, body } = await signUp(email);
      expect(response.status).toBe(400);
      expect(body).toEqual({ error: `email: ${INVALID_EMAIL_MESSAGE}` });
    }
    await h.runner.drained();
    expect(smtp.messages).toHaveLength(0);
    expect(await h.store.count('subscribers')).toBe(0);
  });

  it('finding 4: the confirmation mail carries no text typed by the requester', async () => {
    const spam = 'Visit http://prize.example to claim your prize';
    await post('/api/subscriptions', {
      email: 'ana@example.com',
      name: spam,
      country: 'Claim at prize.example',
      city: 'Call +1 555 0100',
    });
    await h.runner.drained();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.headers.get('subject')).toBe('Confirm your Evently weekly digest subscription');
    for (const part of [mail!.text ?? '', String(mail!.html), String(mail!.headers.get('subject'))]) {
      expect(part).not.toMatch(/prize|555 0100|Visit/);
    }
    expect(mail!.text).toMatch(/http:\/\/evently\.test\/api\/subscriptions\/confirm\/[A-Za-z0-9_-]{32}/);
  });

  it('finding 5: answers a new address, a known one and a bot the same way', async () => {
    const answers = [];
    for (const payload of [{}, {}, { name: 'Other' }, { website: 'http://spam.example' }]) {
      const { response, body } = await signUp('ana@example.com', 'Lisbon', payload);
      answers.push({ status: response.status, body });
    }
    await confirmedSignUp('known@example.com');
    const known = await signUp('known@example.com');
    answers.push({ status: known.response.status, body: known.body });
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 202,
        body: { message: 'Almost done! Check your inbox for our confirmation email to start your weekly events.' },
      });
    }
  });

  it('never sends a confirmation twice, even when the mailer group is reset and the log replayed', async () => {
    await signUp('ana@example.com');
    await signUp('ana@example.com');
    await h.runner.drained();
    await smtp.waitFor(2);
    const mailer = h.module.projectors.find((projector) => projector.name === 'subscriptions.confirmation-mailer')!;
    expect(mailer.sideEffects).toBe(true);
    await expect(h.runner.rebuild([mailer.name])).rejects.toThrow(/never replayed/);

    await h.bus.resetGroup(projectorGroup(mailer), mailer.topics);
    expect(await h.bus.lag(projectorGroup(mailer), mailer.topics)).toEqual({ [SUBSCRIBERS_TOPIC]: 2 });
    await h.runner.drained();
    expect(await h.bus.lag(projectorGroup(mailer), mailer.topics)).toEqual({ [SUBSCRIBERS_TOPIC]: 0 });
    // A repeated mail would be in the sink by now: it records a mail before answering 250 to the awaited send.
    expect(smtp.messages).toHaveLength(2);
    const requests = await h.store.find<{ mailed_at: string | null }>('subscription_requests');
    expect(requests.map((request) => request.mailed_at)).toEqual([
      '2026-11-21T10:00:00.000Z',
      '2026-11-21T10:00:00.000Z',
    ]);
  });

  it.each([
    [{ email: 'not-an-email', country: 'Portugal', city: 'Lisbon' }, 'email: Please enter a valid email.'],
    [{ email: 'ana@example.com', country: ' ', city: 'Lisbon' }, 'country: Country and City are required.'],
    [{ email: 'ana@example.com', country: 'Portugal' }, 'city: Country and City are required.'],
  ])('answers 400 with a clear error for %j and stores nothing', async (payload, error) => {
    const response = await post('/api/subscriptions', payload);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error });
    expect(await h.store.count('subscribers')).toBe(0);
  });

  it('keeps one subscription per e-mail and city', async () => {
    await signUp('Ana@Example.com');
    await signUp('ana@example.com', 'LISBON');
    expect(await h.store.count('subscribers')).toBe(1);
    await signUp('ana@example.com', 'Porto');
    expect(await h.store.count('subscribers')).toBe(2);
  });

  it('stores nothing when the hidden honeypot field is filled', async () => {
    const { response } = await signUp('bot@example.com', 'Lisbon', { website: 'http://spam.example' });
    expect(response.status).toBe(202);
    expect(await h.store.count('subscribers')).toBe(0);
  });

  it('rate-limits sign-ups per client address', async () => {
    await h.close();
    h = await startHarness(smtp.url, { limit: 2, windowMs: 60_000 });
    expect((await signUp('a@example.com')).response.status).toBe(202);
    expect((await signUp('b@example.com')).response.status).toBe(202);
    const refused = await signUp('c@example.com');
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.error).toMatch(/Too many/);
  });

  it('answers an unknown, malformed or expired confirmation link with a clear page', async () => {
    for (const token of ['A'.repeat(32), 'x']) {
      const response = await fetch(`${h.url}/api/subscriptions/confirm/${token}`, { method: 'POST' });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Link not recognised');
    }
    await signUp('late@example.com');
    await h.runner.drained();
    await smtp.waitFor(1);
    h.clock.advance(8 * 86_400_000);
    expect((await fetch(`${h.url}${confirmLinks()[0]!}`)).status).toBe(410);
    expect((await subscriberOf('late@example.com'))!.is_active).toBe(false);
  });
});

describe('unsubscribe', () => {
  async function tokenOf(email: string) {
    const list = (await (await admin(`/api/subscriptions/admin?search=${encodeURIComponent(email)}`)).json()) as {
      subscriptions: Array<{ unsubscribe_token: string; unsubscribe_url: string }>;
    };
    return list.subscriptions[0]!;
  }

  it('finding 6: opening the link only shows a confirm button; pressing it unsubscribes, idempotently', async () => {
    await confirmedSignUp('ana@example.com');
    const { unsubscribe_token: token, unsubscribe_url: link } = await tokenOf('ana@example.com');
    expect(link).toBe(`http://evently.test/api/subscriptions/unsubscribe/${token}`);
    const path = `/api/subscriptions/unsubscribe/${token}`;
    for (let prefetch = 0; prefetch < 3; prefetch += 1) {
      const opened = await fetch(`${h.url}${path}`);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('content-type')).toContain('text/html');
      expect(await opened.text()).toContain(
        `<form method="post" action="${path}"><button type="submit">Unsubscribe</button></form>`,
      );
    }
    expect((await subscriberOf('ana@example.com'))!.is_active).toBe(true);

    const pressed = await fetch(`${h.url}${path}`, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pressed.status).toBe(200);
    const pressedPage = await pressed.text();
    expect(pressedPage).toContain('You have been unsubscribed');
    expect(pressedPage).toContain('You will no longer receive the weekly Evently digest for this city.');
    const again = await fetch(`${h.url}${path}`);
    expect(await again.text()).toContain('already unsubscribed');
    const stats = (await (await admin('/api/subscriptions/admin')).json()) as { stats: Record<string, number> };
    expect(stats.stats).toMatchObject({ total: 1, active: 0, inactive: 1, pending: 0 });
  });

  it('names a saved search in words on its pages, where a city digest says "for this city"', async () => {
    await confirmedSignUp('ana@example.com');
    const before = smtp.messages.length;
    await signUp('ana@example.com', 'Lisbon', { keyword: 'fado', max_price: 50 });
    await h.runner.drained();
    await smtp.waitFor(before + 1);
    expect((await confirmByLink(confirmLinks().at(-1)!)).status).toBe(200);
    const list = (await (await admin('/api/subscriptions/admin?filters=saved')).json()) as {
      subscriptions: Array<{ unsubscribe_token: string }>;
    };
    const path = `/api/subscriptions/unsubscribe/${list.subscriptions[0]!.unsubscribe_token}`;
    const words = '“Fado under $50 near Lisbon”';

    expect(await (await fetch(`${h.url}${path}`)).text()).toContain(
      `Press Unsubscribe to stop the weekly Evently digest for ${words}.`,
    );
    const html = { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' };
    const pressed = await (await fetch(`${h.url}${path}`, { method: 'POST', headers: html })).text();
    expect(pressed).toContain(`You will no longer receive the weekly Evently digest for ${words}.`);
    expect(pressed).not.toContain('this city');
    expect(await (await fetch(`${h.url}${path}`)).text()).toContain(
      `The weekly Evently digest for ${words} was already stopped; nothing more to do.`,
    );

    // The address's city digest is untouched and its own page still speaks of the city.
    const all = (await (await admin('/api/subscriptions/admin?search=ana')).json()) as {
      subscriptions: Array<{ unsubscribe_token: string; has_filters: boolean }>;
    };
    const city = all.subscriptions.find((row) => !row.has_filters)!;
    const cityPage = await (await fetch(`${h.url}/api/subscriptions/unsubscribe/${city.unsubscribe_token}`)).text();
    expect(cityPage).toContain('Press Unsubscribe to stop the weekly Evently digest for this city.');
  });

  it('answers an unknown or malformed token with a clear page, not an error trace', async () => {
    for (const token of ['A'.repeat(32), 'x', '../../etc/passwd']) {
      const response = await fetch(`${h.url}/api/subscriptions/unsubscribe/${encodeURIComponent(token)}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain('Link not recognised');
      expect(html).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('supports RFC 8058 one-click POST unsubscribe from mail clients', async () => {
    await confirmedSignUp('ana@example.com');
    const { unsubscribe_token: token } = await tokenOf('ana@example.com');
    const response = await fetch(`${h.url}/api/subscriptions/unsubscribe/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await response.json()).toEqual({ ok: true, status: 'unsubscribed' });
  });
});

describe('admin API', () => {
  it('refuses every admin call without or with a wrong credential', async () => {
    const calls: Array<[string, string]> = [
      ['GET', '/api/subscriptions/admin'],
      ['PATCH', '/api/subscriptions/admin/x'],
      ['DELETE', '/api/subscriptions/admin/x'],
      ['POST', '/api/subscriptions/admin/x/send-digest'],
      ['POST', '/api/subscriptions/admin/run-digest'],
    ];
    for (const [method, path] of calls) {
      expect((await fetch(`${h.url}${path}`, { method })).status).toBe(401);
      expect((await fetch(`${h.url}${path}`, { method, headers: { 'x-admin-password': 'wrong' } })).status).toBe(401);
    }
  });

  it('lists with stats, filters, search, sort and pages of 25', async () => {
    for (let i = 0; i < 27; i += 1)
      await signUp(`user${String(i).padStart(2, '0')}@example.com`, i % 3 === 0 ? 'Porto' : 'Lisbon');
    const page1 = (await (await admin('/api/subscriptions/admin?sort=email')).json()) as {
      ok: boolean;
      pages: number;
      subscriptions: Array<{ email: string; city: string }>;
      stats: Record<string, number>;
    };
    expect(page1.ok).toBe(true);
    expect(page1.pages).toBe(2);
    expect(page1.subscriptions).toHaveLength(25);
    expect(page1.subscriptions[0]!.email).toBe('user00@example.com');
    expect(page1.stats).toEqual({ total: 27, active: 0, inactive: 27, pending: 27, sent_last_7d: 0 });
    const porto = (await (await admin('/api/subscriptions/admin?city=porto')).json()) as { subscriptions: unknown[] };
    expect(porto.subscriptions).toHaveLength(9);
    const search = (await (await admin('/api/subscriptions/admin?search=USER2')).json()) as {
      subscriptions: Array<{ email: string }>;
    };
    expect(search.subscriptions.map((s) => s.email).sort()).toEqual(
      ['user20', 'user21', 'user22', 'user23', 'user24', 'user25', 'user26'].map((u) => `${u}@example.com`),
    );
  });

  it("changes a saved search's keyword and centre, refusing coordinates off the globe with the field's name", async () => {
    const { id } = await confirmedSignUp('ana@example.com');
    const patch = (body: unknown) =>
      admin(`/api/subscriptions/admin/${id}`, { method: 'PATCH', body: JSON.stringify(body) });
    const off = await patch({ keyword: 'fado', latitude: 91, longitude: -9.14 });
    expect(off.status).toBe(400);
    expect(await off.json()).toEqual({ error: 'latitude: must be a number from -90 to 90' });
    const half = await patch({ latitude: 38.7 });
    expect(((await half.json()) as { error: string }).error).toMatch(/^longitude: /);

    const moved = await patch({ keyword: 'fado', latitude: 38.7139, longitude: -9.1394 });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({
      subscription: {
        has_filters: true,
        search: { keyword: 'fado', centre: { lat: 38.7139, lon: -9.1394 } },
        search_description: 'Fado within 50 km of Lisbon',
        search_url: 'http://evently.test/?keyword=fado&country=Portugal&city=Lisbon&near=38.714%2C-9.139&radius=50',
      },
    });
    // Back to the city's own centre: the coordinates are cleared, the keyword kept.
    const back = (await (await patch({ latitude: null, longitude: null })).json()) as {
      subscription: { search: { centre: unknown }; search_description: string };
    };
    expect(back.subscription.search.centre).toBeNull();
    expect(back.subscription.search_description).toBe('Fado near Lisbon');
  });

  it('patches only what changed, validates the radius and answers 404 for an unknown id', async () => {
    const { id } = await confirmedSignUp('ana@example.com');
    const patched = await admin(`/api/subscriptions/admin/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ radius_km: 120, city: 'Lisbon' }),
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ ok: true, subscription: { id, radius_km: 120, city: 'Lisbon' } });
    const bad = await admin(`/api/subscriptions/admin/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ radius_km: 501 }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/radius_km/);
    const empty = await admin(`/api/subscriptions/admin/${id}`, { method: 'PATCH', body: JSON.stringify({}) });
    expect(await empty.json()).toEqual({ error: 'No changes to save' });
    const missing = await admin('/api/subscriptions/admin/does-not-exist', {
      method: 'PATCH',
      body: JSON.stringify({ radius_km: 10 }),
    });
    expect(missing.status).toBe(404);
  });

  it('deletes a subscriber', async () => {
    const { id } = await confirmedSignUp('ana@example.com');
    expect((await admin(`/api/subscriptions/admin/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await h.store.count('subscribers')).toBe(0);
    expect((await admin(`/api/subscriptions/admin/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('sends a digest now: both parts, links to event pages and List-Unsubscribe; sent 0 without events', async () => {
    const lisbon = await confirmedSignUp('ana@example.com');
    const porto = await confirmedSignUp('ana@example.com', 'Porto');
    smtp.messages.length = 0;

    const sent = (await (
      await admin(`/api/subscriptions/admin/${lisbon.id}/send-digest`, { method: 'POST' })
    ).json()) as {
      ok: boolean;
      sent: number;
      subscription: { last_sent_at: string | null };
    };
    expect(sent).toMatchObject({ ok: true, sent: 1 });
    expect(sent.subscription.last_sent_at).toBe('2026-11-21T10:00:00.000Z');
    const [digest] = await smtp.waitFor(1);
    expect(digest!.headers.get('subject')).toBe('Evently: 2 events near Lisbon this week');
    expect(digest!.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/evently\.test\/api\/subscriptions\/unsubscribe\//,
    );
    expect(digest!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(digest!.text).toContain('http://evently.test/events/11-fado-night');
    expect(digest!.text).toContain('http://evently.test/event/12');
    expect(digest!.html).toContain('href="http://evently.test/events/11-fado-night"');

    const none = await (await admin(`/api/subscriptions/admin/${porto.id}/send-digest`, { method: 'POST' })).json();
    expect(none).toMatchObject({ ok: true, sent: 0, subscription: { id: porto.id, last_sent_at: null } });
  });

  it('refuses "Send digest now" with a 409 and a reason for an unconfirmed or deactivated subscriber, mailing nobody', async () => {
    await signUp('pending@example.com');
    await h.runner.drained();
    const pending = (await subscriberOf('pending@example.com', 'Lisbon'))!;
    const active = await confirmedSignUp('ana@example.com');
    expect(
      (
        await admin(`/api/subscriptions/admin/${active.id}`, {
          method: 'PATCH',
          body: JSON.stringify({ is_active: false }),
        })
      ).status,
    ).toBe(200);
    await h.runner.drained();
    smtp.messages.length = 0;

    for (const [id, reason] of [
      [pending.id, 'not_confirmed'],
      [active.id, 'deactivated'],
    ] as const) {
      for (let click = 0; click < 2; click += 1) {
        const answer = await admin(`/api/subscriptions/admin/${id}/send-digest`, { method: 'POST' });
        expect(answer.status).toBe(409);
        expect(await answer.json()).toMatchObject({
          ok: false,
          sent: 0,
          reason,
          error: expect.any(String),
          subscription: { id, last_sent_at: null },
        });
      }
    }
    await h.runner.drained();
    expect(smtp.messages).toHaveLength(0);
  });
});

describe('digest batch', () => {
  async function signUpMany(count: number) {
    for (let i = 0; i < count; i += 1) await confirmedSignUp(`reader${i}@example.com`);
    smtp.messages.length = 0;
  }

  it('sends to each due subscriber once per week and skips those without events', async () => {
    await signUpMany(3);
    await confirmedSignUp('porto@example.com', 'Porto');
    smtp.messages.length = 0;
    const run = await (await admin('/api/subscriptions/admin/run-digest', { method: 'POST' })).json();
    expect(run).toEqual({ result: { processed: 4, sent: 3, skipped: 1, searches: 2 } });
    expect(smtp.messages).toHaveLength(3);
    const again = await (await admin('/api/subscriptions/admin/run-digest', { method: 'POST' })).json();
    expect(again).toEqual({ result: { processed: 1, sent: 0, skipped: 1, searches: 1 } });
    expect(smtp.messages).toHaveLength(3);
    const stats = (await (await admin('/api/subscriptions/admin')).json()) as { stats: Record<string, number> };
    expect(stats.stats.sent_last_7d).toBe(3);
  });

  it('a batch that crashes midway and runs again sends no one twice and misses no one', async () => {
    await signUpMany(5);
    // The mail server accepts two digests, then fails: the batch stops there.
    smtp.failAfter(2);
    const crashed = await admin('/api/subscriptions/admin/run-digest', { method: 'POST' });
    expect(crashed.status).toBe(503);
    expect(smtp.messages).toHaveLength(2);

    smtp.recover();
    const rerun = await (await admin('/api/subscriptions/admin/run-digest', { method: 'POST' })).json();
    expect(rerun).toEqual({ result: { processed: 3, sent: 3, skipped: 0, searches: 1 } });
    const recipients = smtp.messages.map((m) => m.envelopeTo[0]).sort();
    expect(recipients).toEqual(Array.from({ length: 5 }, (_, i) => `reader${i}@example.com`).sort());
  });

  it('sends again the following week', async () => {
    await signUpMany(1);
    await admin('/api/subscriptions/admin/run-digest', { method: 'POST' });
    h.clock.advance(7 * 86_400_000);
    const nextWeek = await (await admin('/api/subscriptions/admin/run-digest', { method: 'POST' })).json();
    expect(nextWeek).toEqual({ result: { processed: 1, sent: 1, skipped: 0, searches: 1 } });
    expect(smtp.messages).toHaveLength(2);
  });
});
