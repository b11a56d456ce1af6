import { useId } from 'react';
import type { MapLoadProgress } from './load-all-map-events.ts';
import type { MapLoadStatus } from './use-all-map-events.ts';

interface Props {
  onlyInView: boolean;
  showAll: boolean;
  onOnlyInViewChange: (value: boolean) => void;
  onShowAllChange: (value: boolean) => void;
  status: MapLoadStatus;
  progress: MapLoadProgress | null;
  onAbort: () => void;
  onResume: () => void;
}

/** The two map checkboxes and, while the full map data loads, the progress text with Abort and Resume. */
export function MapOptions({
  onlyInView,
  showAll,
  onOnlyInViewChange,
  onShowAllChange,
  status,
  progress,
  onAbort,
  onResume,
}: Props) {
  const id = useId();
  const loaded = progress?.loaded ?? 0;
  const total = progress?.total ?? 0;

  return (
    <div className="map-options">
      <label htmlFor={`${id}-in-view`} className="map-options__check">
        <input
          id={`${id}-in-view`}
          type="checkbox"
          checked={onlyInView}
          onChange={(event) => onOnlyInViewChange(event.target.checked)}
        />
        Only in view
      </label>
      <label htmlFor={`${id}-all`} className="map-options__check">
        <input
          id={`${id}-all`}
          type="checkbox"
          checked={showAll}
          onChange={(event) => onShowAllChange(event.target.checked)}
        />
        Show all events (map)
      </label>
      {showAll && status !== 'idle' && (
        <p className="map-options__progress" role="status" data-testid="map-load-progress">
          {status === 'loading' && (
            <>
              Loading map events: {loaded} of {total || '…'}{' '}
            </>
          )}
          {/* Counts only once a page arrived: 'aborted at 0 of 0' would describe a load that never ran. */}
          {status === 'aborted' &&
            (progress ? (
              <>
                Map loading aborted at {loaded} of {total}{' '}
              </>
            ) : (
              <>Map loading aborted before any events arrived </>
            ))}
          {status === 'done' && <>All {loaded} map events loaded</>}
          {status === 'error' &&
            (progress ? (
              <>
                Map loading failed at {loaded} of {total}{' '}
              </>
            ) : (
              <>Map loading failed </>
            ))}
          {status === 'loading' && (
            <button type="button" className="btn btn-small" onClick={onAbort}>
              Abort
            </button>
          )}
          {(status === 'aborted' || status === 'error') && (
            <button type="button" className="btn btn-small" onClick={onResume}>
              Resume
            </button>
          )}
        </p>
      )}
    </div>
  );
}
