import { EventCard } from '../../components/event-card/event-card.tsx';
import { useGetSimilarEventsQuery } from './api.ts';

/** The Similar Events grid at the bottom of the page; hidden when there is nothing to suggest. */
export function SimilarEvents({ eventId }: { eventId: string }) {
  const { data: similar } = useGetSimilarEventsQuery(eventId);
  if (!similar || similar.length === 0) return null;

  return (
    <section className="event-section event-page__similar" aria-labelledby="similar-events-heading">
      <h2 id="similar-events-heading">Similar Events</h2>
      <ul className="event-page__similar-grid">
        {similar.map((event) => (
          <li key={event.id}>
            <EventCard event={event} reasons={event.similarity_reasons ?? undefined} />
          </li>
        ))}
      </ul>
    </section>
  );
}
