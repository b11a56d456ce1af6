import { Icon } from '../../components/icon/icon.tsx';

/** Spec 01 "Home": 6 skeleton cards in list view, 4 in split view. */
export function CardSkeletons({ count }: { count: number }) {
  return (
    <div className="event-grid" aria-busy="true" aria-label="Loading events">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="card-skeleton" data-testid="card-skeleton">
          <div className="card-skeleton__image" />
          <div className="card-skeleton__line" />
          <div className="card-skeleton__line card-skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}

export function EmptyResults({ onShowAll }: { onShowAll: () => void }) {
  return (
    <div className="empty-results">
      <Icon name="search" className="empty-results__icon" />
      <h2>No events found</h2>
      <p>Try adjusting your search criteria</p>
      <button type="button" className="btn btn-primary" onClick={onShowAll}>
        Show All Events
      </button>
    </div>
  );
}
