import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { activeChips, clearAllFilters, removeChip } from './active-chips.ts';
import { citiesFor, type FilterOptions } from './filter-options.ts';
import { DATE_OPTIONS, sortOptions, type DateFilter, type FilterState, type SortBy } from './filter-state.ts';
import './filter-panel.css';

/** Spec 01 §4: text-like fields (keyword, country, city, category, sort) apply after a 300 ms pause. */
export const TEXT_FILTER_DEBOUNCE_MS = 300;

interface Props {
  value: FilterState;
  options: FilterOptions;
  nearbyActive: boolean;
  onApply: (next: FilterState) => void;
}

/** The 'Event Search & Filters' panel. It edits a draft and hands applied filters to the page. */
export function FilterPanel({ value, options, nearbyActive, onApply }: Props) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();

  // Applied filters can change from outside (chips, Clear All, nearby switching the sort): follow them.
  useEffect(() => setDraft(value), [value]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const applyNow = (next: FilterState) => {
    window.clearTimeout(timer.current);
    setDraft(next);
    onApply(next);
  };
  const applyLater = (next: FilterState) => {
    window.clearTimeout(timer.current);
    setDraft(next);
    timer.current = window.setTimeout(() => onApply(next), TEXT_FILTER_DEBOUNCE_MS);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    applyNow(draft);
  };

  const cities = citiesFor(options, draft.country);
  const chips = activeChips(value);

  return (
    <section className="filter-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Event Search &amp; Filters</h2>
      <form role="search" className="filter-panel__search" onSubmit={onSubmit}>
        <label htmlFor={`${id}-keyword`} className="visually-hidden">Keyword</label>
        <input
          id={`${id}-keyword`}
          type="search"
          placeholder="Search events, venues, cities..."
          value={draft.keyword}
          onChange={(event) => applyLater({ ...draft, keyword: event.target.value })}
        />
        <button type="submit" className="btn btn-primary">Search</button>
      </form>

      <div className="filter-panel__grid">
        <div className="field">
          <label htmlFor={`${id}-country`}>Country</label>
          <select
            id={`${id}-country`}
            value={draft.country}
            // Spec 01 §4: changing the country resets the city to all.
            onChange={(event) => applyLater({ ...draft, country: event.target.value, city: 'all' })}
          >
            <option value="all">All countries</option>
            {options.countries.map((country) => <option key={country} value={country}>{country}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-city`}>City</label>
          <select id={`${id}-city`} value={draft.city} onChange={(event) => applyLater({ ...draft, city: event.target.value })}>
            <option value="all">All cities</option>
            {cities.map((city) => <option key={city} value={city}>{city}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select
            id={`${id}-category`}
            value={draft.category}
            onChange={(event) => applyLater({ ...draft, category: event.target.value })}
          >
            <option value="all">All categories</option>
            {options.categories.map((category) => <option key={category} value={category}>{category}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-date`}>Date</label>
          <select
            id={`${id}-date`}
            value={draft.date_filter}
            onChange={(event) => applyNow({ ...draft, date_filter: event.target.value as DateFilter })}
          >
            {DATE_OPTIONS.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
          </select>
        </div>
        {draft.date_filter === 'custom' && (
          <>
            <div className="field">
              <label htmlFor={`${id}-start`}>Start date</label>
              <input
                id={`${id}-start`}
                type="date"
                value={draft.start_date}
                onChange={(event) => applyNow({ ...draft, start_date: event.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-end`}>End date</label>
              <input
                id={`${id}-end`}
                type="date"
                value={draft.end_date}
                onChange={(event) => applyNow({ ...draft, end_date: event.target.value })}
              />
            </div>
          </>
        )}
        <div className="field">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <div className="filter-panel__sort">
            <select
              id={`${id}-sort`}
              value={draft.sort_by}
              onChange={(event) => applyLater({ ...draft, sort_by: event.target.value as SortBy })}
            >
              {sortOptions(nearbyActive || draft.sort_by === 'distance').map((option) => (
                <option key={option.value} value={option.value}>{option.label}</option>
              ))}
            </select>
            <button
              type="button"
              className="btn"
              aria-label={draft.sort_order === 'asc' ? 'Sort ascending (switch to descending)' : 'Sort descending (switch to ascending)'}
              onClick={() => applyLater({ ...draft, sort_order: draft.sort_order === 'asc' ? 'desc' : 'asc' })}
            >
              <span aria-hidden="true">{draft.sort_order === 'asc' ? '↑' : '↓'}</span>
            </button>
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-min`}>Min price (USD)</label>
          <input
            id={`${id}-min`}
            type="number"
            min={0}
            inputMode="decimal"
            value={draft.min_price}
            onChange={(event) => applyNow({ ...draft, min_price: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-max`}>Max price (USD)</label>
          <input
            id={`${id}-max`}
            type="number"
            min={0}
            inputMode="decimal"
            value={draft.max_price}
            onChange={(event) => applyNow({ ...draft, max_price: event.target.value })}
          />
        </div>
      </div>

      {chips.length > 0 && (
        <div className="filter-panel__chips">
          <h3 id={`${id}-chips`}>Active Filters</h3>
          <ul aria-labelledby={`${id}-chips`}>
            {chips.map((chip) => (
              <li key={chip.key} className="chip">
                <span>{chip.label}</span>
                <button type="button" aria-label={`Remove ${chip.label}`} onClick={() => applyNow(removeChip(value, chip.key))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-small" onClick={() => applyNow(clearAllFilters(value))}>
            Clear All
          </button>
        </div>
      )}
    </section>
  );
}
