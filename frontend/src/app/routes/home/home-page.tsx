import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { EventCard } from '../../../components/event-card/event-card.tsx';
import { displayTitle, eventCoordinates, type VisitorEvent } from '../../../lib/format/event.ts';
import { trackSearch } from '../../../lib/analytics/ads-tag.ts';
import { clearAllFilters } from '../../../features/filters/active-chips.ts';
import { useFilterOptions } from '../../../features/filters/api.ts';
import { FilterPanel } from '../../../features/filters/filter-panel.tsx';
import {
  DEFAULT_FILTERS,
  type FilterState,
  type SortBy,
  type SortOrder,
} from '../../../features/filters/filter-state.ts';
import type { Bounds } from '../../../features/filters/query-params.ts';
import { LazyEventMap } from '../../../features/map/lazy-event-map.tsx';
import type { FocusTarget } from '../../../features/map/map-focus.tsx';
import { MapOptions } from '../../../features/map/map-options.tsx';
import { requestBounds, type ViewportReport } from '../../../features/map/map-rules.ts';
import { readOnlyInView, writeOnlyInView } from '../../../features/map/only-in-view-storage.ts';
import { useAllMapEvents } from '../../../features/map/use-all-map-events.ts';
import {
  loadLocation,
  saveLocation,
  toStoredLocation,
  type StoredLocation,
} from '../../../features/nearby/location-storage.ts';
import { NearMeControl } from '../../../features/nearby/near-me-control.tsx';
import type { ResolvedLocation } from '../../../features/nearby/resolve-location.ts';
import { useNearbyLocation } from '../../../features/nearby/use-nearby-location.ts';
import { SubscribeForm } from '../../../features/subscribe/subscribe-form.tsx';
import { SaveSearchForm } from './save-search/save-search-form.tsx';
import { editTokenOf } from './save-search/edit-token.ts';
import { useGetEventQuery } from '../../../features/event-page/api.ts';
import { countLine, mapLoadLine, remainingCount } from '../../../features/home/count-line.ts';
import { hasFocus, initialViewMode, readFocusParams, type ViewMode } from '../../../features/home/focus-params.ts';
import { CardSkeletons, EmptyResults } from '../../../features/home/list-states.tsx';
import { PopularSidebar } from '../../../features/home/popular-sidebar.tsx';
import { useEventSearch } from '../../../features/home/use-event-search.ts';
import { useProgressiveList } from '../../../features/home/use-progressive-list.ts';
import { NARROW_SCREEN_QUERY, useMediaQuery } from '../../../lib/dom/use-media-query.ts';
import { ViewSwitch } from '../../../features/home/view-switch.tsx';
import { homeEventsQuery } from './home-query.ts';
import { parseHomeSearch, type HomeSearch } from './search-url.ts';
import { useSearchAddress } from './use-search-address.ts';
import type { FilterChange } from '../../../features/filters/filter-panel.tsx';
import './home-page.css';

/** Spec 01 "Map heights": 650 px in map view, 750 px in split view. */
const MAP_HEIGHT = { map: 650, split: 750 } as const;
const SKELETONS = { list: 6, split: 4 } as const;
/** Cards whose images load at once: the first row at the widest grid (four columns); the rest load near the screen. */
const EAGER_IMAGE_CARDS = 4;

/** The location a search is near, with where a remembered one came from (a shared link's reads as the browser's). */
function locationOf(filters: FilterState, stored: StoredLocation | null): ResolvedLocation | null {
  if (filters.latitude === null || filters.longitude === null) return null;
  return { lat: filters.latitude, lon: filters.longitude, source: stored?.source ?? 'browser' };
}

/**
 * The home page: subscribe form, filters, nearby, list / map / split results and the popular sidebar. It
 * composes several features, so it lives in app/ (features never import each other).
 */
export function HomePage() {
  const location = useLocation();
  const filterOptions = useFilterOptions();

  // Read once: the focus parameters are removed from the address bar right after (spec 01 "Home"); the search
  // itself stays in the address (search-url.ts).
  const [focusParams] = useState(() => readFocusParams(location.search));
  // A digest's edit link: read once, since the address is rewritten as the visitor changes the search.
  const [editToken] = useState(() => editTokenOf(location.search));
  const [storedLocation] = useState(loadLocation);
  const [arrival] = useState(() => parseHomeSearch(location.search, storedLocation));
  const [filters, setFilters] = useState<FilterState>(arrival.filters);
  const previousSort = useRef<{ sort_by: SortBy; sort_order: SortOrder }>({ sort_by: 'date', sort_order: 'asc' });

  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const [view, setView] = useState<ViewMode>(() =>
    arrival.view !== 'list' ? arrival.view : initialViewMode(focusParams),
  );
  const effectiveView: ViewMode = view === 'split' && narrow ? 'list' : view;
  const mapVisible = effectiveView !== 'list';

  const [onlyInView, setOnlyInView] = useState(readOnlyInView);
  const [showAll, setShowAll] = useState(false);
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(focusParams.focusEvent);
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const [focus, setFocus] = useState<FocusTarget | null>(() =>
    focusParams.focusLat !== null && focusParams.focusLon !== null
      ? { id: focusParams.focusEvent, lat: focusParams.focusLat, lon: focusParams.focusLon, at: Date.now() }
      : null,
  );
  const pendingFocusEvent = useRef<string | null>(focus ? null : focusParams.focusEvent);
  const mapSection = useRef<HTMLDivElement>(null);

  // A scroll request waits for the render that puts the map on screen (it may be switching from the list).
  const scrollRequested = useRef(false);
  const scrollToMap = useCallback(() => {
    scrollRequested.current = true;
  }, []);
  useEffect(() => {
    if (!scrollRequested.current || !mapSection.current) return;
    scrollRequested.current = false;
    mapSection.current.scrollIntoView({ behavior: 'smooth', block: 'start' });
  });

  useEffect(() => {
    if (hasFocus(focusParams)) scrollToMap();
    // Runs once on arrival; later navigation within the page does not re-read the parameters.
  }, []);

  // --- Events list --------------------------------------------------------------------------------------
  const activeBounds = onlyInView && mapVisible && bounds ? requestBounds(bounds) : null;
  const baseQuery = useMemo(
    () => homeEventsQuery(filters, activeBounds),
    [filters, activeBounds?.north, activeBounds?.south, activeBounds?.east, activeBounds?.west],
  );
  const search = useEventSearch(baseQuery);
  const total = search.pagination?.total ?? 0;
  // A page of results is 100 events (spec 01 §9); its cards render a step at a time as the visitor nears them.
  const progressive = useProgressiveList(search.events.length, JSON.stringify(baseQuery));
  const shownEvents = search.events.slice(0, progressive.count);
  const allShown = shownEvents.length === search.events.length;

  useEffect(() => {
    const term = filters.keyword.trim();
    if (term && !search.loading) trackSearch(term, total);
  }, [search.loading, filters.keyword, total]);

  // --- Full map data ------------------------------------------------------------------------------------
  const allMap = useAllMapEvents(showAll);
  const mapEvents = showAll ? allMap.events : search.events;

  // A focus_event without coordinates is resolved once the event appears among the loaded ones.
  useEffect(() => {
    const wanted = pendingFocusEvent.current;
    if (!wanted) return;
    const found = [...search.events, ...allMap.events].find((event) => String(event.id) === wanted);
    const at = found ? eventCoordinates(found) : undefined;
    if (!at) return;
    pendingFocusEvent.current = null;
    setFocus({ id: wanted, lat: at.lat, lon: at.lon, at: Date.now() });
  }, [search.events, allMap.events]);

  // --- Nearby -------------------------------------------------------------------------------------------
  const applyLocation = useCallback((resolved: ResolvedLocation) => {
    setFilters((current) => {
      if (current.sort_by !== 'distance')
        previousSort.current = { sort_by: current.sort_by, sort_order: current.sort_order };
      saveLocation(toStoredLocation(resolved.lat, resolved.lon, resolved.source, current.nearby_radius_km));
      return { ...current, latitude: resolved.lat, longitude: resolved.lon, sort_by: 'distance', sort_order: 'asc' };
    });
    // Spec 01 §4: applying filters that carry coordinates switches the view to the map.
    setView((current) => (current === 'list' ? 'map' : current));
  }, []);
  const nearby = useNearbyLocation(applyLocation, locationOf(arrival.filters, storedLocation));

  // --- The search in the address (Back, Forward, reload and shared links) ----------------------------------
  const adoptLocation = nearby.adopt;
  const restoreSearch = useCallback(
    (restored: HomeSearch) => {
      setFilters(restored.filters);
      setView(restored.view);
      adoptLocation(locationOf(restored.filters, loadLocation()));
    },
    [adoptLocation],
  );
  const markChange = useSearchAddress({ filters, view }, restoreSearch);
  const applyFilters = useCallback(
    (next: FilterState, change: FilterChange) => {
      markChange(change);
      setFilters(next);
    },
    [markChange],
  );

  const clearNearby = useCallback(() => {
    nearby.clear();
    saveLocation(null);
    setFilters((current) => ({
      ...current,
      latitude: null,
      longitude: null,
      // The earlier sort returns only if the visitor kept sorting by distance in the meantime.
      ...(current.sort_by === 'distance' ? previousSort.current : {}),
    }));
  }, [nearby]);

  const changeRadius = useCallback(
    (radiusKm: number) => {
      // A radius is dragged or typed: one history entry for the whole adjustment.
      markChange('typing');
      setFilters((current) => {
        if (current.latitude !== null && current.longitude !== null) {
          const stored = loadLocation();
          saveLocation(toStoredLocation(current.latitude, current.longitude, stored?.source ?? 'browser', radiusKm));
        }
        return { ...current, nearby_radius_km: radiusKm };
      });
    },
    [markChange],
  );

  const nearbyActive = filters.latitude !== null && filters.longitude !== null;
  // One object per location and radius: the map re-centres on the visitor whenever this identity changes.
  const user = useMemo(
    () =>
      filters.latitude !== null && filters.longitude !== null
        ? { lat: filters.latitude, lon: filters.longitude, radiusKm: filters.nearby_radius_km }
        : null,
    [filters.latitude, filters.longitude, filters.nearby_radius_km],
  );

  // --- Selection and focus ------------------------------------------------------------------------------
  const focusOnEvent = useCallback(
    (event: VisitorEvent) => {
      const at = eventCoordinates(event);
      if (!at) return;
      const id = String(event.id);
      setSelectedId(id);
      setFocus({ id, lat: at.lat, lon: at.lon, at: Date.now() });
      // In list mode selecting switches to the map; in map or split it only focuses and scrolls.
      if (effectiveView === 'list') setView('map');
      scrollToMap();
    },
    [effectiveView, scrollToMap],
  );

  const resetFocus = () => {
    setSelectedId(null);
    setFocus(null);
  };

  const loadedSelection = selectedId
    ? (search.events.find((event) => String(event.id) === selectedId) ??
      allMap.events.find((event) => String(event.id) === selectedId))
    : undefined;
  // A focused event outside the loaded lists (a shared link, a map-only marker) is fetched so its name shows
  // instead of the spec's last-resort 'Selected event'.
  const fetchedSelection = useGetEventQuery(selectedId ?? '', { skip: !selectedId || loadedSelection !== undefined });
  const selectedEvent =
    loadedSelection ??
    (selectedId && String(fetchedSelection.data?.id) === selectedId ? fetchedSelection.data : undefined);

  // Viewport reports only become state while 'Only in view' uses them; otherwise they would re-render the
  // whole page after every pan. The latest one is kept so switching the option on can use it at once.
  const latestBounds = useRef<Bounds | null>(null);
  const onlyInViewRef = useRef(onlyInView);
  onlyInViewRef.current = onlyInView;
  const onViewport = useCallback((report: ViewportReport) => {
    latestBounds.current = report.bounds;
    if (onlyInViewRef.current) setBounds(report.bounds);
  }, []);

  const toggleOnlyInView = (value: boolean) => {
    setOnlyInView(value);
    writeOnlyInView(value);
    if (value) setBounds(latestBounds.current);
  };

  const showAllEvents = () => {
    clearNearby();
    setFilters(clearAllFilters({ ...DEFAULT_FILTERS }));
    toggleOnlyInView(false);
  };

  // --- Rendering ----------------------------------------------------------------------------------------
  const countText =
    showAll && allMap.status === 'loading' && allMap.progress
      ? mapLoadLine(allMap.progress.loaded, allMap.progress.total)
      : search.pagination
        ? // The empty state says it all; '0 of 0 events shown' next to 'No events found' only repeats it.
          search.events.length === 0 && !search.loading
          ? ''
          : countLine(search.events.length, total)
        : 'Loading events...';

  const list = (
    <div className="results-list">
      {search.loading ? (
        <CardSkeletons count={effectiveView === 'split' ? SKELETONS.split : SKELETONS.list} />
      ) : search.events.length === 0 ? (
        <EmptyResults onShowAll={showAllEvents} />
      ) : (
        <>
          <ul className="event-grid" aria-label="Events" onFocus={progressive.onFocus}>
            {shownEvents.map((event, index) => {
              const id = String(event.id);
              return (
                <li
                  key={id}
                  data-index={index}
                  className={id === selectedId ? 'event-grid__item event-grid__item--selected' : 'event-grid__item'}
                  onMouseEnter={() => setHoveredId(id)}
                  onMouseLeave={() => setHoveredId((current) => (current === id ? null : current))}
                >
                  <EventCard
                    event={event}
                    onShowOnMap={focusOnEvent}
                    imageLoading={index < EAGER_IMAGE_CARDS ? 'eager' : 'lazy'}
                  />
                </li>
              );
            })}
          </ul>
          {!allShown && <div ref={progressive.sentinel} className="event-grid__more" aria-hidden="true" />}
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

  const map = mapVisible && (
    <LazyEventMap
      events={mapEvents}
      height={effectiveView === 'split' ? MAP_HEIGHT.split : MAP_HEIGHT.map}
      selectedId={selectedId}
      hoveredId={hoveredId}
      focus={focus}
      focusTitle={selectedEvent ? displayTitle(selectedEvent) : null}
      user={user}
      fitToEvents={!onlyInView && !showAll}
      fitKey={JSON.stringify(baseQuery)}
      onSelect={setSelectedId}
      onHover={setHoveredId}
      onViewport={onViewport}
      onMapFailure={() => setView('list')}
    />
  );

  const nearMe = (
    <NearMeControl
      status={nearby.status}
      error={nearby.error}
      browserRefusal={nearby.browserRefusal}
      source={nearby.location?.source ?? null}
      radiusKm={filters.nearby_radius_km}
      onRadiusChange={changeRadius}
      onUseMyLocation={nearby.useMyLocation}
      onUseIp={nearby.useIpFallback}
      onRetryBrowser={nearby.retryBrowser}
      onTryIp={nearby.useIpFallback}
      onRefetch={nearby.refetch}
      onClear={clearNearby}
    />
  );

  return (
    <main className="page home-page">
      <div className="home-intro">
        <h1 className="home-page__title">Discover Amazing Events</h1>
        <SubscribeForm
          countries={filterOptions.countries}
          cities={filterOptions.cities}
          citiesByCountry={filterOptions.citiesByCountry}
        />
      </div>
      <FilterPanel
        value={filters}
        options={filterOptions}
        nearbyActive={nearbyActive}
        onApply={applyFilters}
        nearMe={nearMe}
      />
      <SaveSearchForm filters={filters} editToken={editToken} />
      {/* In Split view the Popular sidebar steps aside (below) so the list and the map share the full width. */}
      <div className={effectiveView === 'split' ? 'home-layout home-layout--wide' : 'home-layout'}>
        <div className="home-layout__main">
          <div className="results-toolbar">
            <p className="count-line" aria-live="polite" data-testid="count-line">
              {countText}
            </p>
            <ViewSwitch value={effectiveView} narrow={narrow} onChange={setView} />
          </div>
          {mapVisible && (
            <MapOptions
              onlyInView={onlyInView}
              showAll={showAll}
              onOnlyInViewChange={toggleOnlyInView}
              onShowAllChange={setShowAll}
              status={allMap.status}
              progress={allMap.progress}
              onAbort={allMap.abort}
              onResume={allMap.resume}
            />
          )}
          <PopularSidebar variant="strip" />
          {effectiveView === 'list' && list}
          {effectiveView === 'map' && (
            <div ref={mapSection} className="map-section">
              {map}
            </div>
          )}
          {effectiveView === 'split' && (
            <div className="split-view">
              <div className="split-view__list">{list}</div>
              <div ref={mapSection} className="split-view__map">
                {selectedId && (
                  <div className="focused-panel" role="region" aria-label="Focused Event">
                    <strong>Focused Event:</strong>{' '}
                    <span>{selectedEvent ? displayTitle(selectedEvent) : 'Selected event'}</span>
                    <button type="button" className="btn btn-small" onClick={resetFocus}>
                      Reset
                    </button>
                  </div>
                )}
                {map}
              </div>
            </div>
          )}
        </div>
        <PopularSidebar />
      </div>
    </main>
  );
}
