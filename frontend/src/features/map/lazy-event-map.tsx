import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { EventMapProps } from './event-map.tsx';

const EventMap = lazy(() => import('./event-map.tsx'));

interface BoundaryProps {
  onFailure: () => void;
  children: ReactNode;
}

/** Spec 01 §8 "Map library failure": log a warning and let the page fall back to another view. */
class MapFailureBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('The map could not be loaded; falling back to the list view', error);
    this.props.onFailure();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function LazyEventMap({ onMapFailure, ...props }: EventMapProps & { onMapFailure: () => void }) {
  return (
    <MapFailureBoundary onFailure={onMapFailure}>
      <Suspense
        fallback={
          <div className="event-map event-map--loading" style={{ height: props.height }} role="status">
            Loading map...
          </div>
        }
      >
        <EventMap {...props} />
      </Suspense>
    </MapFailureBoundary>
  );
}
