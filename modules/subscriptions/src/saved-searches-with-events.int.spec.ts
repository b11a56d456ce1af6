/**
 * Saved searches against the real events catalogue, wired as the composition root wires them (one store, log
 * and search index; the digest's catalogue filled from the events module's `savedSearchMatches`): each saved
 * search's digest holds only its own matches, a search with nothing on is not mailed, and one batch asks the
 * catalogue once per distinct search. Only this test imports the events module; the subscriptions module
 * reaches it through the catalogue interface alone.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createOutboxRelay,
  createProjectorRunner,
  type DocumentStore,
  type MailMessage,
  type Mailer,
} from '@evently/platform';
import { startEmbeddedDeps } from '@evently/testkit';
import { createEventsModule } from '@evently/events';
import { createSubscriptionsModule, type SubscriptionsModule } from './index.ts';

const sent: MailMessage[] = [];
const mailer: Mailer = {
  kind: 'smtp',
  async send(message) {
    sent.push(message);
    return { messageId: message.messageId ?? String(sent.length), destination: 'memory' };
  },
  async close() {},
};

let subscriptions: SubscriptionsModule;
let store: DocumentStore;
let cleanup: () => Promise<void>;
let asked = 0;

const madridEvent = (external_id: string, fields: Record<string, unknown>) => ({
  source: 'ticketmaster',
  external_id,
  category: 'Music & Concerts',
  start_utc: '2026-11-24T19:00:00.000Z',
  venue_name: 'Sala Central',
  city: 'Madrid',
  country: 'Spain',
  latitude: 40.4168,
  longitude: -3.7038,
  currency: 'USD',
  purchase_url: `https://www.ticketmaster.com/event/${external_id}`,
  ...fields,
});

/** A sign-up confirmed as its owner would: the request's token, as the mailed link carries it. */
async function savedSearch(email: string, filters: Record<string, unknown>) {
  await subscriptions.commands.signUp({ email, country: 'Spain', city: 'Madrid', ...filters });
  const requests = await store.find<{ token: string; confirmed_at: string | null }>('subscription_requests', {
    where: { confirmed_at: null },
  });
  for (const request of requests) await subscriptions.commands.confirm(request.token);
}

const mailTo = (email: string) => sent.filter((mail) => mail.to === email);
const EVENT_NAMES = [
  'Jazz at the Club',
  'Jazz Gala',
  'Jazz in the Cellar',
  'Code Meetup',
  'Jazz Next Month',
  'Jazz in Paris',
];
/** The catalogue's events a digest lists, in the order it lists them. */
const eventNames = (mail: MailMessage) =>
  EVENT_NAMES.filter((name) => mail.text.includes(name)).sort((a, b) => mail.text.indexOf(a) - mail.text.indexOf(b));

beforeAll(async () => {
  const embedded = await startEmbeddedDeps({ name: 'evently-saved-searches-', pollIntervalMs: 20 });
  const { deps, bus, logger } = embedded;
  store = embedded.store;
  const search = embedded.search();
  const events = createEventsModule(deps, {
    affiliate: { ticketmaster: {}, fever: {}, default: {} },
    trustedProxies: null,
  });
  subscriptions = createSubscriptionsModule(deps, {
    appName: 'Evently',
    mailer,
    catalogue: {
      cityCoordinates: async (city, country) => {
        const found = await events.queries.cityCoordinates(city, country);
        return found ? { lat: found.latitude, lon: found.longitude } : null;
      },
      matching: (args) => {
        asked += 1;
        return events.queries.savedSearchMatches(args);
      },
    },
  });
  const modules = [events, subscriptions];
  await store.init(modules.flatMap((m) => m.collections));
  await bus.init(modules.flatMap((m) => m.topics));
  for (const schema of modules.flatMap((m) => m.searchSchemas)) await search.init(schema);
  const relay = createOutboxRelay({ outbox: store.outbox, bus, logger });
  relay.start();
  // The events projectors only: confirmations are followed here by token, not mailed.
  const runner = createProjectorRunner({ bus, projectors: events.projectors, logger });
  await runner.start();

  await events.commands.upsertFromSource(
    madridEvent('jazz-club', { name: 'Jazz at the Club', min_price: 25, max_price: 40, tags: ['jazz'] }),
  );
  await events.commands.upsertFromSource(
    madridEvent('jazz-gala', { name: 'Jazz Gala', min_price: 90, max_price: 150, tags: ['jazz'] }),
  );
  await events.commands.upsertFromSource(
    madridEvent('jazz-cellar', {
      name: 'Jazz in the Cellar',
      min_price: 10,
      max_price: 15,
      start_utc: '2026-11-25T21:00:00.000Z',
      tags: ['jazz'],
    }),
  );
  await events.commands.upsertFromSource(
    madridEvent('code-meetup', { name: 'Code Meetup', category: 'Technology', min_price: 0, max_price: 0 }),
  );
  await events.commands.upsertFromSource(
    madridEvent('jazz-next-month', {
      name: 'Jazz Next Month',
      min_price: 20,
      max_price: 30,
      start_utc: '2026-12-20T19:00:00.000Z',
    }),
  );
  await events.commands.upsertFromSource(
    madridEvent('jazz-paris', {
      name: 'Jazz in Paris',
      min_price: 20,
      max_price: 30,
      city: 'Paris',
      country: 'France',
      latitude: 48.8566,
      longitude: 2.3522,
    }),
  );
  await runner.drained();

  cleanup = async () => {
    await runner.stop();
    await relay.stop();
    await subscriptions.close?.();
    await embedded.close();
  };
});
afterAll(async () => {
  await cleanup?.();
});
beforeEach(() => {
  sent.length = 0;
  asked = 0;
});

describe('saved searches in the weekly digest', () => {
  it('gives two saved searches over one city different digests, skips one with no matches, and asks once per distinct search', async () => {
    await savedSearch('ana@example.com', { keyword: 'jazz', max_price: 50 });
    await savedSearch('ben@example.com', { keyword: 'JAZZ', max_price: 50 });
    await savedSearch('ana@example.com', { category: 'Technology' });
    await savedSearch('cy@example.com', { keyword: 'opera' });

    const result = await subscriptions.runDigestBatch();

    expect(result).toEqual({ processed: 4, sent: 3, skipped: 1, searches: 3 });
    expect(asked).toBe(3);
    const [jazz, tech] = [
      mailTo('ana@example.com').find((m) => m.subject.includes('Jazz'))!,
      mailTo('ana@example.com').find((m) => m.subject.includes('Technology'))!,
    ];
    // Cheapest first with a price bound; the gala is over budget, next month and Paris are out of the search.
    expect(eventNames(jazz)).toEqual(['Jazz in the Cellar', 'Jazz at the Club']);
    expect(eventNames(tech)).toEqual(['Code Meetup']);
    expect(eventNames(mailTo('ben@example.com')[0]!)).toEqual(['Jazz in the Cellar', 'Jazz at the Club']);
    expect(mailTo('cy@example.com')).toEqual([]);

    expect(jazz.subject).toBe('Evently: 2 events this week for “Jazz under $50 near Madrid”');
    expect(jazz.text).toContain('http://evently.test/?keyword=jazz&country=Spain&city=Madrid&max_price=50');
    expect(jazz.text).toMatch(
      /Edit this search: http:\/\/evently\.test\/\?keyword=jazz&country=Spain&city=Madrid&max_price=50&edit=[A-Za-z0-9_-]+/,
    );
    expect(jazz.html).toContain('Unsubscribe from this search');
    // Each saved search has its own unsubscribe link.
    const unsubscribeOf = (mail: MailMessage) => mail.headers?.['List-Unsubscribe'];
    expect(unsubscribeOf(jazz)).not.toBe(unsubscribeOf(tech));
  });

  it('keeps a centre and radius of its own beside the city', async () => {
    await savedSearch('dee@example.com', {
      keyword: 'jazz',
      latitude: 40.4168,
      longitude: -3.7038,
      radius_km: 5,
      date_preset: 'this_month',
    });
    await subscriptions.runDigestBatch();
    const [mail] = mailTo('dee@example.com');
    expect(mail?.subject).toBe('Evently: 3 events this week for “Jazz this month within 5 km of Madrid”');
    expect(eventNames(mail!).sort()).toEqual(['Jazz Gala', 'Jazz at the Club', 'Jazz in the Cellar']);
    expect(mail?.text).toContain('near=40.417%2C-3.704&radius=5');
  });
});
