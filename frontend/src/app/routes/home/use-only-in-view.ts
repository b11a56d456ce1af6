import { useCallback, useRef, useState } from 'react';
import type { Bounds } from '../../../features/filters/query-params.ts';
import type { ViewportReport } from '../../../features/map/map-rules.ts';
import { readOnlyInView, writeOnlyInView } from '../../../features/map/only-in-view-storage.ts';
import { nextRequestBounds } from './viewport-bounds.ts';

/**
 * 'Only in view': while on, the results follow the map's viewport. Viewport reports only become state while the
 * option uses them; otherwise they would re-render the whole page after every pan. The latest one is kept so
 * switching the option on can use it at once.
 */
export function useOnlyInView() {
  const [onlyInView, setOnlyInView] = useState(readOnlyInView);
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const latestBounds = useRef<Bounds | null>(null);
  const following = useRef(onlyInView);

  const onViewport = useCallback((report: ViewportReport) => {
    latestBounds.current = report.bounds;
    if (following.current) setBounds((held) => nextRequestBounds(held, report.bounds));
  }, []);

  const toggle = useCallback((value: boolean) => {
    following.current = value;
    setOnlyInView(value);
    writeOnlyInView(value);
    if (value) setBounds((held) => nextRequestBounds(held, latestBounds.current));
  }, []);

  return { onlyInView, bounds, onViewport, toggle };
}
