import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigationType, useParams } from 'react-router-dom';
import { withProductName } from '../../app/page-title.ts';
import { BuyFlowProvider, useBuyFlowSettings, type BuyFlowSettings } from '../../lib/buy-flow/buy-flow-context.tsx';
import { displayTitle, type VisitorEvent } from '../../lib/format/event.ts';
import { useGetEventQuery, useResolveTrackingLinkMutation } from './api.ts';
import { EventDetails } from './event-details.tsx';
import { eventIdFromParam } from './event-id.ts';
import { EVENT_GONE_TEXT, EventPageMessage } from './event-page-message.tsx';
import { GetTicketsCard } from './get-tickets-card.tsx';
import { eventLoadErrorTitle } from './load-error.ts';
import { NearbyStays } from './nearby-stays.tsx';
import { SimilarEvents } from './similar-events.tsx';
import { StickyBuyBar } from './sticky-buy-bar.tsx';
import './event-page.css';

/** The event page for `/event/{id}` and `/events/{id}-{slug}`. */
export function EventPage() {
  const params = useParams();
  const eventId = eventIdFromParam(params.eventId ?? params.id ?? params.slug);
  useDocumentTitle(eventId ? undefined : 'Invalid event URL');
  if (!eventId) return <EventPageMessage title="Invalid event URL" />;
  // A fresh subtree per id: moving to a similar event starts from its own loading state.
  return <EventPageForId key={eventId} eventId={eventId} />;
}

function EventPageForId({ eventId }: { eventId: string }) {
  const { data: event, error, isLoading } = useGetEventQuery(eventId);
  const { pathname } = useLocation();
  const buyFlow = useEventPageBuyFlow();
  useScrollToTopOnArrival();
  useDocumentTitle(event ? displayTitle(event) : error ? eventLoadErrorTitle(error) : undefined);
  useReportView(event, buyFlow.analytics?.viewItem);

  if (isLoading) {
    return (
      <main className="page event-page">
        <p className="event-page__loading" role="status">
          Loading event...
        </p>
      </main>
    );
  }
  if (error || !event) return <EventPageMessage title={eventLoadErrorTitle(error)} detail={EVENT_GONE_TEXT} />;

  // The server's first paint has no origin of its own; the client renders the page again before anyone shares.
  const pageUrl = `${globalThis.location?.origin ?? ''}${pathname}`;
  return (
    <BuyFlowProvider value={buyFlow}>
      <main className="page event-page">
        <div className="event-page__layout">
          <div className="event-page__main">
            <EventDetails event={event} />
            <NearbyStays eventId={eventId} />
          </div>
          <GetTicketsCard event={event} pageUrl={pageUrl} />
        </div>
        <SimilarEvents eventId={eventId} />
        <StickyBuyBar event={event} />
      </main>
    </BuyFlowProvider>
  );
}

/**
 * Following a link (e.g. a similar event at the bottom) should start the new event at its top; back and
 * forward keep whatever position the browser restores.
 */
function useScrollToTopOnArrival() {
  const navigationType = useNavigationType();
  useEffect(() => {
    // This component is keyed by event id, so the effect runs once per event, on arrival.
    if (navigationType === 'PUSH') window.scrollTo({ top: 0 });
  }, [navigationType]);
}

/** Reports the shown event once; later refetches of the same event are not new views. */
function useReportView(event: VisitorEvent | undefined, viewItem: ((event: VisitorEvent) => void) | undefined) {
  const reported = useRef(false);
  useEffect(() => {
    if (!event || !viewItem || reported.current) return;
    reported.current = true;
    viewItem(event);
  }, [event, viewItem]);
}

/** Event paths title themselves after the event (spec 02 "Page titles"). */
function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = withProductName(title);
  }, [title]);
}

/** Keeps the shell's analytics hooks and sends tracking-link calls through the app's API client. */
function useEventPageBuyFlow(): BuyFlowSettings {
  const outer = useBuyFlowSettings();
  const [resolve] = useResolveTrackingLinkMutation();
  return useMemo(() => ({ ...outer, resolveTrackingLink: (path: string) => resolve(path).unwrap() }), [outer, resolve]);
}
