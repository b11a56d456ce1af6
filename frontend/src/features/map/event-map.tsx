import { useEffect, useEffectEvent, useRef, useState } from 'react';
import L from 'leaflet';
import { Circle, MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css';
import { config } from '../../app/config.ts';
import { eventCoordinates, type VisitorEvent } from '../../lib/format/event.ts';
import { ClusteredMarkers, type ClusterGroup } from './clustered-markers.tsx';
import { MapFocus, type FocusTarget } from './map-focus.tsx';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  FIT_BOUNDS_MAX_ZOOM,
  FIT_BOUNDS_PADDING_PX,
  USER_LOCATION_MIN_ZOOM,
  USER_LOCATION_ZOOM,
  type ViewportReport,
} from './map-rules.ts';
import { BackgroundClick, ViewportReporter } from './map-viewport.tsx';
import { DebugOverlay } from './debug-overlay.tsx';
import { USER_ICON } from './marker-icons.ts';
import './event-map.css';

export interface UserLocation {
  lat: number;
  lon: number;
  radiusKm: number;
}

export interface EventMapProps {
  events: VisitorEvent[];
  height: number;
  selectedId: string | null;
  hoveredId: string | null;
  focus: FocusTarget | null;
  focusTitle: string | null;
  user: UserLocation | null;
  /** Fit the map to the markers when they change (off while 'Only in view' drives the list from the map). */
  fitToEvents: boolean;
  /**
   * Identity of the visitor's search (filters, page size). The map opens at the spec's default view (centre
   * (20, 0), zoom 2, or zoom 9 on the visitor) and fits the markers only after the search changes.
   */
  fitKey: string;
  onSelect: (id: string | null) => void;
  onHover: (id: string | null) => void;
  onViewport: (report: ViewportReport) => void;
}

function eventsKey(events: VisitorEvent[]): string {
  return `${events.length}:${String(events[0]?.id ?? '')}:${String(events.at(-1)?.id ?? '')}`;
}

/**
 * Centres on the visitor, and fits the markers (padding 40, max zoom 11) once the answer to a changed search
 * arrives, unless a focus holds the map. The first answer after opening does not move the map: spec 01 §9 opens
 * it at the default centre and zoom.
 */
function AutoView({
  events,
  user,
  enabled,
  fitKey,
  suppressMovesUntilRef,
}: {
  events: VisitorEvent[];
  user: UserLocation | null;
  enabled: boolean;
  fitKey: string;
  suppressMovesUntilRef: React.RefObject<number>;
}) {
  const map = useMap();
  const key = eventsKey(events);
  const openedWith = useRef(fitKey);
  const fitPending = useRef(false);
  useEffect(() => {
    if (fitKey !== openedWith.current) fitPending.current = true;
  }, [fitKey]);

  useEffect(() => {
    if (!user || Date.now() < suppressMovesUntilRef.current) return;
    map.setView([user.lat, user.lon], Math.max(USER_LOCATION_ZOOM, USER_LOCATION_MIN_ZOOM));
  }, [map, user, suppressMovesUntilRef]);

  // Reads the events and the visitor's place as they are when the list changes.
  const fitToEvents = useEffectEvent(() => {
    if (!fitPending.current || !enabled || Date.now() < suppressMovesUntilRef.current) return;
    const points = events.flatMap((event) => {
      const at = eventCoordinates(event);
      return at ? [L.latLng(at.lat, at.lon)] : [];
    });
    if (points.length === 0) return;
    fitPending.current = false;
    map.fitBounds(L.latLngBounds(points), {
      padding: [FIT_BOUNDS_PADDING_PX, FIT_BOUNDS_PADDING_PX],
      maxZoom: FIT_BOUNDS_MAX_ZOOM,
    });
    if (user && map.getZoom() < USER_LOCATION_MIN_ZOOM) map.setView([user.lat, user.lon], USER_LOCATION_MIN_ZOOM);
  });
  // The key stands for the event list: refitting on every new array identity would fight the visitor.
  useEffect(() => fitToEvents(), [key, enabled]);

  return null;
}

/** The clustered events map (spec 01 "Map"). Loaded lazily: Leaflet is not part of the initial bundle. */
export default function EventMap(props: EventMapProps) {
  const {
    events,
    height,
    selectedId,
    hoveredId,
    focus,
    focusTitle,
    user,
    fitToEvents,
    fitKey,
    onSelect,
    onHover,
    onViewport,
  } = props;
  const markersRef = useRef<Map<string, L.Marker>>(new Map());
  const clusterRef = useRef<ClusterGroup | null>(null);
  const suppressMovesUntilRef = useRef(0);
  // Leaflet reads the centre once at creation; later moves go through AutoView and MapFocus.
  const [initialCenter] = useState<[number, number]>(() => (user ? [user.lat, user.lon] : DEFAULT_CENTER));

  return (
    <div className="event-map" style={{ height }}>
      <MapContainer
        center={initialCenter}
        zoom={user ? USER_LOCATION_ZOOM : DEFAULT_ZOOM}
        maxZoom={config.map.maxZoom}
        minZoom={1}
        worldCopyJump
        className="event-map__canvas"
        aria-label="Events map"
      >
        <TileLayer url={config.map.tileUrl} attribution={config.map.attribution} maxZoom={config.map.maxZoom} />
        <ClusteredMarkers
          events={events}
          selectedId={selectedId}
          hoveredId={hoveredId}
          onSelect={onSelect}
          onHover={onHover}
          markersRef={markersRef}
          clusterRef={clusterRef}
        />
        {user && (
          <>
            <Marker position={[user.lat, user.lon]} icon={USER_ICON} title="Your approximate location">
              <Popup>Your approximate location</Popup>
            </Marker>
            <Circle
              center={[user.lat, user.lon]}
              radius={user.radiusKm * 1000}
              pathOptions={{ color: '#2563eb', weight: 1, fillOpacity: 0.06 }}
            />
          </>
        )}
        <AutoView
          events={events}
          user={user}
          enabled={fitToEvents && !focus}
          fitKey={fitKey}
          suppressMovesUntilRef={suppressMovesUntilRef}
        />
        <MapFocus
          focus={focus}
          focusTitle={focusTitle}
          markersRef={markersRef}
          clusterRef={clusterRef}
          suppressMovesUntilRef={suppressMovesUntilRef}
        />
        <ViewportReporter onReport={onViewport} />
        <BackgroundClick
          onClear={() => {
            onSelect(null);
            onHover(null);
          }}
        />
        <DebugOverlay focus={focus} />
      </MapContainer>
    </div>
  );
}
