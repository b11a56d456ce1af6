/**
 * Issue 17 through the events module: a plural finds what its singular finds, and a city spelled with or
 * without its accents is one city in the filters, in search and in the filter options (shown accented). The
 * engines' side is in the SearchIndex contract; this is what a visitor sees on the embedded engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventsHarness, type EventsHarness } from '../../../testing/events-harness.ts';
import { makeSourceEvent } from '../../../testing/make-event.ts';
import type { PublicEvent } from '../../../contracts/public-event.ts';

const brazil = { country: 'Brazil', latitude: -23.55, longitude: -46.63, currency: 'BRL' } as const;

describe('word forms and accents in the catalogue search', () => {
  let h: EventsHarness;

  beforeAll(async () => {
    h = await createEventsHarness({ now: '2026-11-21T10:00:00.000Z' });
    const fixtures = [
      makeSourceEvent({ external_id: 'one-concert', name: 'Harbour Concert', start_utc: '2026-11-25T19:00:00Z' }),
      makeSourceEvent({ external_id: 'two-concerts', name: 'Two Concerts at Dusk', start_utc: '2026-11-26T19:00:00Z' }),
      makeSourceEvent({
        external_id: 'sp-accented',
        name: 'Samba Night',
        city: 'São Paulo',
        ...brazil,
        start_utc: '2026-11-27T22:00:00Z',
      }),
      makeSourceEvent({
        external_id: 'sp-plain-1',
        name: 'Choro Matinee',
        city: 'Sao Paulo',
        ...brazil,
        start_utc: '2026-11-28T15:00:00Z',
      }),
      makeSourceEvent({
        external_id: 'sp-plain-2',
        name: 'Forro Class',
        city: 'Sao Paulo',
        ...brazil,
        start_utc: '2026-11-29T15:00:00Z',
      }),
    ];
    for (const fixture of fixtures) await h.module.commands.upsertFromSource(fixture);
    await h.settle();
  });
  afterAll(async () => {
    await h?.close();
  });

  const names = async (params: Record<string, string>) =>
    ((await h.module.queries.search(params)).data as PublicEvent[]).map((e) => e.external_id).sort();

  it('"concerts" finds what "concert" finds', async () => {
    const singular = await names({ keyword: 'concert' });
    expect(singular).toEqual(['one-concert', 'two-concerts']);
    expect(await names({ keyword: 'concerts' })).toEqual(singular);
  });

  it('"sao paulo" finds São Paulo as a keyword and as a city filter', async () => {
    const all = ['sp-accented', 'sp-plain-1', 'sp-plain-2'];
    expect(await names({ keyword: 'sao paulo' })).toEqual(all);
    expect(await names({ city: 'Sao Paulo' })).toEqual(all);
    expect(await names({ city: 'São Paulo' })).toEqual(all);
  });

  it('filter options list the city once, with its accents', async () => {
    const options = await h.module.queries.filterOptions();
    expect(options.cities.filter((city) => city.toLowerCase().includes('paulo'))).toEqual(['São Paulo']);
    expect(options.citiesByCountry.Brazil).toEqual(['São Paulo']);
  });
});
