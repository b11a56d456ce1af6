/**
 * The partnership calls over real HTTP: the form and its refusals (nothing written on a 4xx), the duplicate
 * rule, the honeypot, the rate limit, and the admin calls behind the credential.
 */
import { describe, expect, it } from 'vitest';
import { PARTNERSHIP_REQUESTS } from '../infra/collections.ts';
import { makeRequestForm } from '../testing/make-request.ts';
import {
  ADMIN_PASSWORD,
  partnershipsHarnessPerTest,
  type PartnershipsHarness,
} from '../testing/partnerships-harness.ts';
import { REQUEST_RECEIVED_MESSAGE } from './partnerships.router.ts';

const json = { 'content-type': 'application/json' };
const asAdmin = { ...json, 'x-admin-password': ADMIN_PASSWORD };

let h: PartnershipsHarness;
const partnerships = partnershipsHarnessPerTest((started) => {
  h = started;
});

const submit = (body: unknown) =>
  fetch(`${h.url}/api/partnership-request`, { method: 'POST', headers: json, body: JSON.stringify(body) });
const stored = () => h.store.count(PARTNERSHIP_REQUESTS);
const adminList = async (query = '') => {
  const response = await fetch(`${h.url}/api/admin/partnership-requests${query}`, { headers: asAdmin });
  return (await response.json()) as {
    requests: Array<{ id: string; company: string; status: string }>;
    pagination: { total: number };
    new_count: number;
  };
};

describe('POST /api/partnership-request', () => {
  it('stores a valid form and answers 201 with the Thank You text', async () => {
    const response = await submit(makeRequestForm());
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true, message: REQUEST_RECEIVED_MESSAGE });
    expect(await stored()).toBe(1);
    expect(await h.loggedMessages()).toBe(1);
  });

  it('accepts the form with only the required fields, the optional ones stored as null', async () => {
    const response = await submit({
      company: 'Venue Co',
      contact_name: 'Jo',
      email: 'jo@venue.example',
      partnership_type: 'venue',
      phone: '',
      website: '  ',
    });
    expect(response.status).toBe(201);
    const [request] = (await adminList()).requests as Array<Record<string, unknown>>;
    expect(request).toMatchObject({ company: 'Venue Co', phone: null, website: null, message: null, status: 'new' });
  });

  it.each([
    ['company missing', { company: undefined }, /^company: company is required$/],
    ['company blank', { company: '   ' }, /^company: company is required$/],
    ['contact_name missing', { contact_name: undefined }, /^contact_name: /],
    ['email missing', { email: undefined }, /^email: /],
    ['email malformed', { email: 'not-an-address' }, /^email: Please enter a valid email address$/],
    [
      'partnership_type missing',
      { partnership_type: undefined },
      /^partnership_type: must be one of|^partnership_type: partnership_type must be one of/,
    ],
    [
      'partnership_type unknown',
      { partnership_type: 'reseller' },
      /^partnership_type: .*event_organizer, ticketing_platform, venue, other/,
    ],
    ['website not http(s)', { website: 'javascript:alert(1)' }, /^website: website must be an http/],
    ['website not a URL', { website: 'my site' }, /^website: /],
    ['company too long', { company: 'x'.repeat(201) }, /^company: company must be at most 200 characters$/],
    ['message too long', { message: 'x'.repeat(5001) }, /^message: message must be at most 5000 characters$/],
    ['phone too long', { phone: '1'.repeat(41) }, /^phone: /],
    ['phone not text', { phone: 12345 }, /^phone: phone must be text$/],
  ])('refuses %s with 400 { error } naming the field, and writes nothing', async (_case, override, error) => {
    const response = await submit(makeRequestForm(override));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string };
    expect(body.error).toMatch(error);
    expect(await stored()).toBe(0);
    expect(await h.loggedMessages()).toBe(0);
  });

  it('refuses a body that is not an object', async () => {
    const response = await fetch(`${h.url}/api/partnership-request`, { method: 'POST', headers: json, body: '[1,2]' });
    expect(response.status).toBe(400);
    expect(await stored()).toBe(0);
  });

  it('keeps a repeated submit of the same form within minutes as one request', async () => {
    expect((await submit(makeRequestForm())).status).toBe(201);
    h.clock.advance(3 * 60_000);
    // Same person, company and type, differently typed: still the same inquiry.
    const again = await submit(
      makeRequestForm({ email: ' MARTA@lisbonlive.example', company: 'lisbon  live lda.', message: 'Resent.' }),
    );
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ success: true, message: REQUEST_RECEIVED_MESSAGE });
    expect(await stored()).toBe(1);
    expect(await h.loggedMessages()).toBe(1);
  });

  it('keeps a repeat across a window boundary as one request too', async () => {
    h.clock.set('2026-11-21T10:09:59Z');
    await submit(makeRequestForm());
    h.clock.set('2026-11-21T10:10:01Z');
    await submit(makeRequestForm());
    expect(await stored()).toBe(1);
  });

  it('keeps concurrent submits of one form as one request', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(makeRequestForm())));
    expect(answers.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await stored()).toBe(1);
  });

  it('stores a new request for another type, another company, or the same form much later', async () => {
    await submit(makeRequestForm());
    await submit(makeRequestForm({ partnership_type: 'venue' }));
    await submit(makeRequestForm({ company: 'Porto Live' }));
    h.clock.advance(11 * 60_000);
    await submit(makeRequestForm());
    expect(await stored()).toBe(4);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const response = await submit(makeRequestForm({ fax: 'http://spam.example' }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true, message: REQUEST_RECEIVED_MESSAGE });
    expect(await stored()).toBe(0);
    expect(await h.loggedMessages()).toBe(0);
  });

  it('limits submits per client address with 429 and Retry-After', async () => {
    await partnerships.restart({ submitLimit: { limit: 2, windowMs: 60_000 } });
    expect((await submit(makeRequestForm({ company: 'A' }))).status).toBe(201);
    expect((await submit(makeRequestForm({ company: 'B' }))).status).toBe(201);
    const refused = await submit(makeRequestForm({ company: 'C' }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Too many partnership requests/);
    expect(await stored()).toBe(2);
    h.clock.advance(61_000);
    expect((await submit(makeRequestForm({ company: 'C' }))).status).toBe(201);
  });
});

describe('admin calls', () => {
  it.each([
    ['GET', ''],
    ['GET', '/some-id'],
    ['PATCH', '/some-id'],
    ['DELETE', '/some-id'],
  ])('%s %s refuses without the credential', async (method, path) => {
    const response = await fetch(`${h.url}/api/admin/partnership-requests${path}`, {
      method,
      headers: json,
      body: method === 'PATCH' ? '{"status":"handled"}' : undefined,
    });
    expect(response.status).toBe(401);
  });

  it('lists newest first with a count of new requests, and filters by status', async () => {
    for (const company of ['First', 'Second', 'Third']) {
      await submit(makeRequestForm({ company }));
      h.clock.advance(1000);
    }
    const all = await adminList();
    expect(all.requests.map((request) => request.company)).toEqual(['Third', 'Second', 'First']);
    expect(all.pagination.total).toBe(3);
    expect(all.new_count).toBe(3);

    const target = all.requests[1]!;
    const patched = await fetch(`${h.url}/api/admin/partnership-requests/${target.id}`, {
      method: 'PATCH',
      headers: asAdmin,
      body: JSON.stringify({ status: 'handled' }),
    });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { request: { status: string; handled_at: string } }).request).toMatchObject({
      status: 'handled',
      handled_at: '2026-11-21T10:00:03.000Z',
    });

    expect((await adminList('?status=handled')).requests.map((request) => request.company)).toEqual(['Second']);
    expect((await adminList('?status=new')).requests.map((request) => request.company)).toEqual(['Third', 'First']);
    expect((await adminList()).new_count).toBe(2);
  });

  it('shows one request in full, without the duplicate-check keys', async () => {
    await submit(makeRequestForm());
    const [summary] = (await adminList()).requests;
    const response = await fetch(`${h.url}/api/admin/partnership-requests/${summary!.id}`, { headers: asAdmin });
    expect(response.status).toBe(200);
    const { request } = (await response.json()) as { request: Record<string, unknown> };
    expect(request).toMatchObject({ ...makeRequestForm(), status: 'new', handled_at: null });
    expect(request).not.toHaveProperty('fingerprint');
    expect(request).not.toHaveProperty('duplicate_key');
  });

  it('refuses an unknown status and answers 404 for unknown ids', async () => {
    await submit(makeRequestForm());
    const [summary] = (await adminList()).requests;
    const bad = await fetch(`${h.url}/api/admin/partnership-requests/${summary!.id}`, {
      method: 'PATCH',
      headers: asAdmin,
      body: JSON.stringify({ status: 'archived' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^status: /);
    for (const method of ['GET', 'DELETE']) {
      expect((await fetch(`${h.url}/api/admin/partnership-requests/nope`, { method, headers: asAdmin })).status).toBe(
        404,
      );
    }
    const patch = await fetch(`${h.url}/api/admin/partnership-requests/nope`, {
      method: 'PATCH',
      headers: asAdmin,
      body: '{"status":"handled"}',
    });
    expect(patch.status).toBe(404);
  });

  it('deletes a request for good', async () => {
    await submit(makeRequestForm());
    const [summary] = (await adminList()).requests;
    const response = await fetch(`${h.url}/api/admin/partnership-requests/${summary!.id}`, {
      method: 'DELETE',
      headers: asAdmin,
    });
    expect(response.status).toBe(200);
    expect(await stored()).toBe(0);
    expect((await adminList()).requests).toEqual([]);
  });
});
