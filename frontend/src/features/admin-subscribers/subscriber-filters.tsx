import { useId, useState, type FormEvent } from 'react';
import { EMPTY_FILTERS, type SubscriberFilters, type SubscriberSort, type SubscriberStatusFilter } from './types.ts';

interface Props {
  applied: SubscriberFilters;
  onApply(filters: SubscriberFilters): void;
  /** The server knows double opt-in: offer its "not confirmed yet" filter. */
  offerPending: boolean;
}

const SORTS: readonly { value: SubscriberSort; label: string }[] = [
  { value: 'recent', label: 'Newest first' },
  { value: 'email', label: 'Email A-Z' },
  { value: 'last_sent', label: 'Last sent' },
  { value: 'city', label: 'City/Country' },
];

/** Spec 02 "Subscribers tab" filter form: search, status, country, city, sort, saved filters; Apply and Reset. */
export function SubscriberFilterForm({ applied, onApply, offerPending }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<SubscriberFilters>(applied);
  const set = <K extends keyof SubscriberFilters>(key: K, value: SubscriberFilters[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    onApply(EMPTY_FILTERS);
  };

  return (
    <form className="subscriber-filters" onSubmit={onSubmit} aria-label="Filter subscribers">
      <div className="subscriber-filters__field subscriber-filters__field--search">
        <label htmlFor={`${id}-search`}>Search</label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Search by email or name"
          value={draft.search}
          onChange={(event) => set('search', event.target.value)}
        />
      </div>
      <div className="subscriber-filters__field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          value={draft.status}
          onChange={(event) => set('status', event.target.value as SubscriberStatusFilter)}
        >
          <option value="all">All statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
          {(offerPending || draft.status === 'pending') && <option value="pending">Awaiting confirmation</option>}
        </select>
      </div>
      <div className="subscriber-filters__field">
        <label htmlFor={`${id}-country`}>Country</label>
        <input
          id={`${id}-country`}
          type="text"
          value={draft.country}
          onChange={(event) => set('country', event.target.value)}
        />
      </div>
      <div className="subscriber-filters__field">
        <label htmlFor={`${id}-city`}>City</label>
        <input id={`${id}-city`} type="text" value={draft.city} onChange={(event) => set('city', event.target.value)} />
      </div>
      <div className="subscriber-filters__field">
        <label htmlFor={`${id}-sort`}>Sort</label>
        <select
          id={`${id}-sort`}
          value={draft.sort}
          onChange={(event) => set('sort', event.target.value as SubscriberSort)}
        >
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </div>
      <div className="subscriber-filters__field subscriber-filters__field--check">
        <input
          id={`${id}-saved`}
          type="checkbox"
          checked={draft.savedOnly}
          onChange={(event) => set('savedOnly', event.target.checked)}
        />
        <label htmlFor={`${id}-saved`}>Has saved filters</label>
      </div>
      <div className="subscriber-filters__actions">
        <button type="submit" className="btn btn-primary">
          Apply
        </button>
        <button type="button" className="btn" onClick={reset}>
          Reset
        </button>
      </div>
    </form>
  );
}
