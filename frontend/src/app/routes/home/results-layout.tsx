import type { ReactNode, RefObject } from 'react';
import type { ViewMode } from '../../../features/home/focus-params.ts';

interface Props {
  view: ViewMode;
  list: ReactNode;
  map: ReactNode;
  mapSectionRef: RefObject<HTMLDivElement | null>;
  /** The focused event's name in Split view, with the spec's last resort; null when nothing is selected. */
  focusedTitle: string | null;
  onResetFocus: () => void;
}

/** The results in the chosen view: the list, the map, or both side by side with the focused event above the map. */
export function ResultsLayout({ view, list, map, mapSectionRef, focusedTitle, onResetFocus }: Props) {
  if (view === 'list') return list;
  if (view === 'map')
    return (
      <div ref={mapSectionRef} className="map-section">
        {map}
      </div>
    );
  return (
    <div className="split-view">
      <div className="split-view__list">{list}</div>
      <div ref={mapSectionRef} className="split-view__map">
        {focusedTitle !== null && (
          <div className="focused-panel" role="region" aria-label="Focused Event">
            <strong>Focused Event:</strong> <span>{focusedTitle}</span>
            <button type="button" className="btn btn-small" onClick={onResetFocus}>
              Reset
            </button>
          </div>
        )}
        {map}
      </div>
    </div>
  );
}
