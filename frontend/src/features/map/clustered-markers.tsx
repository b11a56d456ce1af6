import { useEffect, useLayoutEffect, useRef } from 'react';
import L from 'leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { displayTitle, eventCoordinates, type VisitorEvent } from '../../lib/format/event.ts';
import { CLUSTER_RADIUS_PX, CLUSTERING_OFF_AT_ZOOM } from './map-rules.ts';
import { MARKER_ICONS, type MarkerTone } from './marker-icons.ts';
import { buildMarkerPopup } from './marker-popup.ts';

/** The part of Leaflet.markercluster's group this file uses (the package ships no types of its own). */
export interface ClusterGroup extends L.FeatureGroup {
  addLayers(layers: L.Layer[], skipLayerAddEvent?: boolean): this;
  removeLayers(layers: L.Layer[]): this;
  zoomToShowLayer(layer: L.Marker, callback?: () => void): void;
}

interface Props {
  events: VisitorEvent[];
  selectedId: string | null;
  hoveredId: string | null;
  onSelect: (id: string) => void;
  onHover: (id: string | null) => void;
  /** Hands the marker lookup to the focus logic, which opens the focused marker's popup. */
  markersRef: React.RefObject<Map<string, L.Marker>>;
  clusterRef: React.RefObject<ClusterGroup | null>;
}

/**
 * Markers are created imperatively and added to the cluster group in one batch: rendering a React element per
 * marker does not scale to 'Show all events' with 100,000 points, a single addLayers call with chunked
 * loading does.
 */
export function ClusteredMarkers({ events, selectedId, hoveredId, onSelect, onHover, markersRef, clusterRef }: Props) {
  // The markers' listeners call the page's latest handlers.
  const handlers = useRef({ onSelect, onHover });
  useLayoutEffect(() => {
    handlers.current = { onSelect, onHover };
  });
  const styled = useRef<Set<string>>(new Set());
  // Popups read the latest copy of an event: a reused marker may belong to a newer answer (e.g. with distance).
  const latest = useRef<Map<string, VisitorEvent>>(new Map());

  useEffect(() => {
    const group = clusterRef.current;
    if (!group) return;
    // Only the difference goes to the cluster group: 'Show all events' grows by 1000 events per page, and
    // rebuilding every marker on each page would make loading 100,000 points quadratic.
    const previous = markersRef.current;
    const next = new Map<string, L.Marker>();
    latest.current = new Map(events.map((event) => [String(event.id), event]));
    const added: L.Marker[] = [];
    for (const event of events) {
      const id = String(event.id);
      if (next.has(id)) continue;
      const existing = previous.get(id);
      if (existing) {
        next.set(id, existing);
        continue;
      }
      const at = eventCoordinates(event);
      if (!at) continue;
      const title = displayTitle(event);
      const marker = L.marker([at.lat, at.lon], { icon: MARKER_ICONS.default, title, alt: title });
      marker.bindPopup(() => buildMarkerPopup(latest.current.get(id) ?? event));
      marker.on('click', () => handlers.current.onSelect(id));
      marker.on('mouseover', () => handlers.current.onHover(id));
      marker.on('mouseout', () => handlers.current.onHover(null));
      next.set(id, marker);
      added.push(marker);
    }
    const removed = [...previous].filter(([id]) => !next.has(id)).map(([, marker]) => marker);
    if (removed.length === previous.size && previous.size > 0) group.clearLayers();
    else if (removed.length > 0) group.removeLayers(removed);
    if (added.length > 0) group.addLayers(added);
    markersRef.current = next;
  }, [events, clusterRef, markersRef]);

  useEffect(() => {
    const markers = markersRef.current;
    const wanted = new Map<string, MarkerTone>();
    if (hoveredId) wanted.set(hoveredId, 'hovered');
    if (selectedId) wanted.set(selectedId, 'selected');
    for (const id of styled.current) {
      if (!wanted.has(id)) markers.get(id)?.setIcon(MARKER_ICONS.default);
    }
    for (const [id, tone] of wanted) markers.get(id)?.setIcon(MARKER_ICONS[tone]);
    styled.current = new Set(wanted.keys());
  }, [selectedId, hoveredId, events, markersRef]);

  return (
    <MarkerClusterGroup
      ref={clusterRef as React.Ref<never>}
      chunkedLoading
      // Split/merge animations left the group's animation counter stuck after a refit in Chromium, which then
      // refused to spiderfy; they also cost the most with 100,000 markers. The map's own zoom still animates.
      animate={false}
      maxClusterRadius={CLUSTER_RADIUS_PX}
      disableClusteringAtZoom={CLUSTERING_OFF_AT_ZOOM}
      showCoverageOnHover={false}
    >
      {null}
    </MarkerClusterGroup>
  );
}
