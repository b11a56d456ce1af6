import { useCallback, useState } from 'react';
import { displayTitle } from '../../../lib/format/event.ts';
import { clearAllFilters } from '../../../features/filters/active-chips.ts';
import { useFilterOptions } from '../../../features/filters/api.ts';
import { FilterPanel, type FilterChange } from '../../../features/filters/filter-panel.tsx';
import { DEFAULT_FILTERS, type FilterState } from '../../../features/filters/filter-state.ts';
import { LazyEventMap } from '../../../features/map/lazy-event-map.tsx';
import { MapOptions } from '../../../features/map/map-options.tsx';
import { useAllMapEvents } from '../../../features/map/use-all-map-events.ts';
import { loadLocation } from '../../../features/nearby/location-storage.ts';
import { NearMeControl } from '../../../features/nearby/near-me-control.tsx';
import { SubscribeForm } from '../../../features/subscribe/subscribe-form.tsx';
import { PopularSidebar } from '../../../features/home/popular-sidebar.tsx';
import { ViewSwitch } from '../../../features/home/view-switch.tsx';
import { NARROW_SCREEN_QUERY, useMediaQuery } from '../../../lib/dom/use-media-query.ts';
import { SaveSearchForm } from './save-search/save-search-form.tsx';
import { effectiveView, mapHeight, skeletonCount } from './home-view.ts';
import { locationOf, userOf } from './near-me-filters.ts';
import { ResultsLayout } from './results-layout.tsx';
import { ResultsList } from './results-list.tsx';
import { resultsCountText } from './results-count.ts';
import type { HomeSearch } from './search-url.ts';
import { useHomeResults } from './use-home-results.ts';
import { useMapSelection } from './use-map-selection.ts';
import { useNearMe } from './use-near-me.ts';
import { useOnlyInView } from './use-only-in-view.ts';
import { useSearchAddress } from './use-search-address.ts';
import { useSearchState } from './use-search-state.ts';
import './home-page.css';

/**
 * The home page: subscribe form, filters, Near me, list / map / split results and the popular sidebar. It
 * composes several features, so it lives in app/ (features never import each other); each of its jobs is a
 * unit of its own here: the search and its address, Near me, the results, 'Only in view', the map selection.
 */
export function HomePage() {
  const filterOptions = useFilterOptions();
  const { arrival, filters, setFilters, view, setView } = useSearchState();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const shownView = effectiveView(view, narrow);
  const mapVisible = shownView !== 'list';

  // --- The search and its address (Back, Forward, reload and shared links) ----------------------------------
  const nearMe = useNearMe({ arrival, setFilters, setView });
  const adoptLocation = nearMe.nearby.adopt;
  const restoreSearch = useCallback(
    (restored: HomeSearch) => {
      setFilters(restored.filters);
      setView(restored.view);
      adoptLocation(locationOf(restored.filters, loadLocation()));
    },
    [adoptLocation, setFilters, setView],
  );
  const markChange = useSearchAddress({ filters, view }, restoreSearch);
  const applyFilters = useCallback(
    (next: FilterState, change: FilterChange) => {
      markChange(change);
      setFilters(next);
    },
    [markChange, setFilters],
  );
  const changeRadius = useCallback(
    (radiusKm: number) => {
      // A radius is dragged or typed: one history entry for the whole adjustment.
      markChange('typing');
      nearMe.changeRadius(radiusKm);
    },
    [markChange, nearMe],
  );

  // --- Results and the map ------------------------------------------------------------------------------
  const viewport = useOnlyInView();
  const results = useHomeResults(filters, viewport.onlyInView && mapVisible ? viewport.bounds : null);
  const [showAll, setShowAll] = useState(false);
  const allMap = useAllMapEvents(showAll);
  const selection = useMapSelection({
    focusParams: arrival.focusParams,
    loaded: [results.search.events, allMap.events],
    shownView,
    setView,
  });

  const showAllEvents = () => {
    nearMe.clear();
    setFilters(clearAllFilters({ ...DEFAULT_FILTERS }));
    viewport.toggle(false);
  };

  const countText = resultsCountText({
    loaded: results.search.events.length,
    total: results.total,
    answered: results.search.pagination !== null,
    loading: results.search.loading,
    mapLoad: showAll && allMap.status === 'loading' ? allMap.progress : null,
  });

  const list = (
    <ResultsList
      results={results}
      skeletons={skeletonCount(shownView)}
      selectedId={selection.selectedId}
      onHover={selection.setHoveredId}
      onShowOnMap={selection.showOnMap}
      onShowAll={showAllEvents}
    />
  );

  const map = mapVisible && (
    <LazyEventMap
      events={showAll ? allMap.events : results.search.events}
      height={mapHeight(shownView)}
      selectedId={selection.selectedId}
      hoveredId={selection.hoveredId}
      focus={selection.focus}
      focusTitle={selection.selectedEvent ? displayTitle(selection.selectedEvent) : null}
      user={userOf(filters)}
      fitToEvents={!viewport.onlyInView && !showAll}
      fitKey={results.queryKey}
      onSelect={selection.setSelectedId}
      onHover={selection.setHoveredId}
      onViewport={viewport.onViewport}
      onMapFailure={() => setView('list')}
    />
  );

  const nearby = nearMe.nearby;
  const nearMeControl = (
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
      onClear={nearMe.clear}
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
        nearbyActive={filters.latitude !== null && filters.longitude !== null}
        onApply={applyFilters}
        nearMe={nearMeControl}
      />
      <SaveSearchForm filters={filters} editToken={arrival.editToken} />
      {/* In Split view the Popular sidebar steps aside (below) so the list and the map share the full width. */}
      <div className={shownView === 'split' ? 'home-layout home-layout--wide' : 'home-layout'}>
        <div className="home-layout__main">
          <div className="results-toolbar">
            <p className="count-line" aria-live="polite" data-testid="count-line">
              {countText}
            </p>
            <ViewSwitch value={shownView} narrow={narrow} onChange={setView} />
          </div>
          {mapVisible && (
            <MapOptions
              onlyInView={viewport.onlyInView}
              showAll={showAll}
              onOnlyInViewChange={viewport.toggle}
              onShowAllChange={setShowAll}
              status={allMap.status}
              progress={allMap.progress}
              onAbort={allMap.abort}
              onResume={allMap.resume}
            />
          )}
          <PopularSidebar variant="strip" />
          <ResultsLayout
            view={shownView}
            list={list}
            map={map}
            mapSectionRef={selection.mapSectionRef}
            focusedTitle={
              selection.selectedId
                ? selection.selectedEvent
                  ? displayTitle(selection.selectedEvent)
                  : 'Selected event'
                : null
            }
            onResetFocus={selection.reset}
          />
        </div>
        <PopularSidebar />
      </div>
    </main>
  );
}
