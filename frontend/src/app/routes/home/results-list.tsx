import { EventCard } from '../../../components/event-card/event-card.tsx';
import { remainingCount } from '../../../features/home/count-line.ts';
import { CardSkeletons, EmptyResults } from '../../../features/home/list-states.tsx';
import type { VisitorEvent } from '../../../lib/format/event.ts';
import { useProgressiveList } from '../../../features/home/use-progressive-list.ts';
import type { HomeResults } from './use-home-results.ts';

/** Cards whose images load at once: the first row at the widest grid (four columns); the rest load near the screen. */
const EAGER_IMAGE_CARDS = 4;

interface Props {
  results: HomeResults;
  skeletons: number;
  selectedId: string | null;
  onHover: (update: (current: string | null) => string | null) => void;
  onShowOnMap: (event: VisitorEvent) => void;
  onShowAll: () => void;
}

/**
 * The result cards: skeletons while loading, the empty state, or the cards and Load More. A page of results is
 * 100 events (spec 01 §9); its cards render a step at a time as the visitor nears them.
 */
export function ResultsList({ results, skeletons, selectedId, onHover, onShowOnMap, onShowAll }: Props) {
  const { search, total, queryKey } = results;
  const { count, sentinel, onFocus } = useProgressiveList(search.events.length, queryKey);
  const shownEvents = search.events.slice(0, count);
  const allShown = shownEvents.length === search.events.length;
  return (
    <div className="results-list">
      {search.loading ? (
        <CardSkeletons count={skeletons} />
      ) : search.events.length === 0 ? (
        <EmptyResults onShowAll={onShowAll} />
      ) : (
        <>
          <ul className="event-grid" aria-label="Events" onFocus={onFocus}>
            {shownEvents.map((event, index) => {
              const id = String(event.id);
              return (
                <li
                  key={id}
                  data-index={index}
                  className={id === selectedId ? 'event-grid__item event-grid__item--selected' : 'event-grid__item'}
                  onMouseEnter={() => onHover(() => id)}
                  onMouseLeave={() => onHover((current) => (current === id ? null : current))}
                >
                  <EventCard
                    event={event}
                    onShowOnMap={onShowOnMap}
                    imageLoading={index < EAGER_IMAGE_CARDS ? 'eager' : 'lazy'}
                  />
                </li>
              );
            })}
          </ul>
          {!allShown && <div ref={sentinel} className="event-grid__more" aria-hidden="true" />}
          {/* Load More follows the last loaded card: it shows once every loaded card is on the page. */}
          {allShown && search.pagination?.has_next && (
            <div className="load-more">
              <button type="button" className="btn btn-primary" onClick={search.loadMore} disabled={search.loadingMore}>
                {search.loadingMore
                  ? 'Loading...'
                  : `Load More (${remainingCount(search.events.length, total)} remaining)`}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
