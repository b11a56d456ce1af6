import { failureMessage } from './load-error.ts';
import { useGetAccommodationsQuery } from './api.ts';
import { StaysCarousel } from './stays-carousel.tsx';

/** The Nearby Stays section with its loading, failure and empty texts (spec 01 §8). */
export function NearbyStays({ eventId }: { eventId: string }) {
  const { data: stays, error, isLoading } = useGetAccommodationsQuery(eventId);

  return (
    <section className="event-section" aria-labelledby="nearby-stays-heading">
      <h2 id="nearby-stays-heading">Nearby Stays</h2>
      {isLoading ? (
        <p role="status">Loading stays...</p>
      ) : error ? (
        <p className="error-text">Failed to load accommodations: {failureMessage(error)}</p>
      ) : !stays || stays.length === 0 ? (
        <p>No nearby stays found for this city yet.</p>
      ) : (
        <StaysCarousel items={stays} />
      )}
    </section>
  );
}
