/**
 * Factories for raw feed records as the real feeds send them (coordinates as strings, several image sizes,
 * a primary classification), overridable per test: `makeTicketmasterEvent({ id: 'x', priceRanges: undefined })`.
 */
export type Raw = Record<string, unknown>;

export function makeTicketmasterEvent(overrides: Raw = {}, index = 0): Raw {
  const id = typeof overrides.id === 'string' ? overrides.id : `G5v${String(index).padStart(6, '0')}`;
  const day = 1 + (index % 28);
  const localDate = `2027-03-${String(day).padStart(2, '0')}`;
  return {
    name: `The Lumineers Live ${index}`,
    type: 'event',
    id,
    url: `https://www.ticketmaster.com/event/${id}`,
    locale: 'en-us',
    images: [
      { ratio: '4_3', url: `https://s1.ticketm.net/dam/a/${id}_CUSTOM.jpg`, width: 305, height: 225, fallback: false },
      {
        ratio: '16_9',
        url: `https://s1.ticketm.net/dam/a/${id}_RETINA_PORTRAIT_16_9.jpg`,
        width: 640,
        height: 360,
        fallback: false,
      },
      {
        ratio: '16_9',
        url: `https://s1.ticketm.net/dam/a/${id}_TABLET_LANDSCAPE_LARGE_16_9.jpg`,
        width: 2048,
        height: 1152,
        fallback: false,
      },
    ],
    dates: {
      start: { localDate, localTime: '19:30:00', dateTime: `${localDate}T23:30:00Z` },
      timezone: 'America/New_York',
      status: { code: 'onsale' },
    },
    classifications: [
      {
        primary: true,
        segment: { id: 'KZFzniwnSyZfZ7v7nJ', name: 'Music' },
        genre: { id: 'g', name: 'Rock' },
        subGenre: { id: 's', name: 'Alternative Rock' },
      },
    ],
    promoter: { id: '494', name: 'PROMOTED BY VENUE' },
    priceRanges: [{ type: 'standard', currency: 'USD', min: 49.5, max: 129 }],
    info: 'All ages.',
    _embedded: {
      venues: [
        {
          name: 'Madison Square Garden',
          id: 'KovZpZA7AAEA',
          timezone: 'America/New_York',
          city: { name: 'New York' },
          state: { name: 'New York', stateCode: 'NY' },
          country: { name: 'United States Of America', countryCode: 'US' },
          address: { line1: '4 Pennsylvania Plaza' },
          postalCode: '10001',
          location: { longitude: '-73.99160060', latitude: '40.75050060' },
        },
      ],
    },
    ...overrides,
  };
}

export function makeFeverPlan(overrides: Raw = {}, index = 0): Raw {
  const id = typeof overrides.id === 'string' ? overrides.id : String(100000 + index);
  return {
    id,
    name: `Candlelight: Vivaldi's Four Seasons ${index}`,
    description: 'A candlelit string quartet plays Vivaldi.',
    url: `https://feverup.com/m/${id}`,
    cover_image: `https://applications-media.feverup.com/image/upload/plan/${id}.jpg`,
    category: 'Candlelight',
    partner: 'Candlelight Concerts',
    price: { amount: 25, currency: 'EUR' },
    place: {
      name: 'Iglesia de Santa Bárbara',
      address: 'Calle del General Castaños, 2',
      latitude: 40.4254,
      longitude: -3.6956,
      timezone: 'Europe/Madrid',
      city: { name: 'Madrid', country: 'ES' },
    },
    sessions: [
      {
        id: `${id}1`,
        starts_at: '2027-02-10T20:00:00+01:00',
        ends_at: '2027-02-10T21:15:00+01:00',
        share_url: `https://feverup.com/m/${id}?session=${id}1`,
      },
    ],
    ...overrides,
  };
}
