import { useId, useMemo, useState } from 'react';
import { isUnauthorized } from '../../lib/support/request-error.ts';
import { useRunDigestBatchMutation, useSubscribersInfiniteQuery } from './api.ts';
import { BATCH_FAILED, DESCRIPTION, EMPTY_TEXT, LIST_FAILED, SELECT_PROMPT, batchResultText } from './messages.ts';
import { SubscriberDetail } from './subscriber-detail.tsx';
import { SubscriberFilterForm } from './subscriber-filters.tsx';
import { SubscriberList } from './subscriber-list.tsx';
import { SubscriberStatCards } from './subscriber-stats.tsx';
import { EMPTY_FILTERS, type AdminSubscriber, type SubscriberFilters } from './types.ts';
import './subscribers-tab.css';

type Banner = { kind: 'error' | 'info'; text: string } | null;

/** Spec 02 "Subscribers tab": stats, filters, the list with Load more, and the selected subscriber's panel. */
export function SubscribersTab() {
  const id = useId();
  const [filters, setFilters] = useState<SubscriberFilters>(EMPTY_FILTERS);
  const list = useSubscribersInfiniteQuery(filters);
  const [runBatch, batchCall] = useRunDigestBatchMutation();
  const [banner, setBanner] = useState<Banner>(null);
  const [selected, setSelected] = useState<AdminSubscriber | null>(null);

  const pages = list.currentData?.pages;
  const subscribers = useMemo(() => {
    const seen = new Set<string>();
    return (pages ?? [])
      .flatMap((page) => page.subscriptions)
      .filter((entry) => !seen.has(entry.id) && Boolean(seen.add(entry.id)));
  }, [pages]);
  const stats = pages?.[pages.length - 1]?.stats ?? list.data?.pages[0]?.stats ?? null;
  const failed = list.isError && !isUnauthorized(list.error);
  // The list's copy is the freshest once reloaded; an edited subscriber that left the filter stays open.
  const listed = selected ? subscribers.find((entry) => entry.id === selected.id) : undefined;
  const current = listed && selected && (listed.updated_at ?? '') >= (selected.updated_at ?? '') ? listed : selected;

  const apply = (next: SubscriberFilters) => {
    setFilters(next);
    setBanner(null);
  };

  const select = (subscriber: AdminSubscriber) => {
    setSelected(subscriber);
    requestAnimationFrame(() => document.getElementById(`${id}-detail`)?.focus());
  };

  const runDigest = async () => {
    setBanner(null);
    try {
      setBanner({ kind: 'info', text: batchResultText(await runBatch().unwrap()) });
    } catch {
      setBanner({ kind: 'error', text: BATCH_FAILED });
    }
  };

  return (
    <div className="subscribers-tab text-fields">
      <header className="subscribers-tab__head">
        <div>
          <h2>Subscribers</h2>
          <p className="subscribers-tab__description">{DESCRIPTION}</p>
        </div>
        <div className="subscribers-tab__buttons">
          <button type="button" className="btn" disabled={list.isFetching} onClick={() => void list.refetch()}>
            {list.isFetching && !list.isFetchingNextPage && list.currentData ? 'Refreshing…' : 'Refresh'}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={batchCall.isLoading}
            onClick={() => void runDigest()}
          >
            {batchCall.isLoading ? 'Running…' : 'Run batch digest'}
          </button>
        </div>
      </header>

      {failed && (
        <div className="alert alert--error" role="alert">
          <p>{LIST_FAILED}</p>
        </div>
      )}
      {banner && (
        <div
          className={`alert ${banner.kind === 'error' ? 'alert--error' : 'alert--info'}`}
          role={banner.kind === 'error' ? 'alert' : 'status'}
        >
          <p>{banner.text}</p>
        </div>
      )}

      <SubscriberStatCards stats={stats} />
      <SubscriberFilterForm applied={filters} onApply={apply} offerPending={stats?.pending !== undefined} />

      <div className="admin-workspace">
        <section
          className="admin-workspace__panel admin-workspace__panel--padded subscribers-tab__list"
          aria-label="Subscriber list"
        >
          {list.isFetching && !list.currentData ? (
            <p className="admin-workspace__state" role="status">
              Loading subscribers...
            </p>
          ) : subscribers.length === 0 ? (
            <p className="admin-workspace__state">{failed ? '' : EMPTY_TEXT}</p>
          ) : (
            <>
              <SubscriberList subscribers={subscribers} selected={current?.id ?? null} onSelect={select} />
              {list.hasNextPage && (
                <button
                  type="button"
                  className="btn subscribers-tab__more"
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </button>
              )}
            </>
          )}
        </section>
        <div className="admin-workspace__panel admin-workspace__sticky">
          {current ? (
            <SubscriberDetail
              key={current.id}
              subscriber={current}
              headingId={`${id}-detail`}
              onChanged={setSelected}
              onDeleted={() => setSelected(null)}
            />
          ) : (
            <p className="admin-workspace__prompt">{SELECT_PROMPT}</p>
          )}
        </div>
      </div>
    </div>
  );
}
