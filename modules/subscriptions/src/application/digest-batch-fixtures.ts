/** A catalogue with events everywhere, shared by the digest crash test and its child process. */
import type { EventsCatalogue } from '../domain/digest-event.ts';

export const FIXED_CATALOGUE: EventsCatalogue = {
  cityCoordinates: async () => ({ lat: 38.72, lon: -9.14 }),
  matching: async () => [
    {
      id: 1,
      name: 'Fado Night',
      date: new Date(Date.now() + 86_400_000).toISOString(),
      city: 'Lisbon',
      country: 'Portugal',
    },
  ],
};
