import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SelectField, type SelectOption } from '../../components/form-field/select-field.tsx';
import { TextField } from '../../components/form-field/text-field.tsx';
import { Icon } from '../../components/icon/icon.tsx';
import { Popover } from '../../components/popover/popover.tsx';
import { ActiveChipList } from './active-chip-list.tsx';
import { activeChips, clearAllFilters, removeChip } from './active-chips.ts';
import { citiesFor, type FilterOptions } from './filter-options.ts';
import { DATE_OPTIONS, sortOptions, type DateFilter, type FilterState, type SortBy } from './filter-state.ts';
import { FilterSheetFrame } from './filter-sheet-frame.tsx';
import { priceSummary } from './price-summary.ts';
import { dateRangeSummary } from './date-range-summary.ts';
import './filter-panel.css';

/** Spec 01 §4: text-like fields (keyword, country, city, category, sort) apply after a 300 ms pause. */
export const TEXT_FILTER_DEBOUNCE_MS = 300;

export type FilterChange = 'typing' | 'commit';

/** The two ends of the custom date range, each applied as it is picked. */
const DATE_FIELDS = [
  { field: 'start_date', label: 'Start date' },
  { field: 'end_date', label: 'End date' },
] as const;

/** The two ends of the price range, applied as typed: the placeholder shows what an empty box means. */
const PRICE_FIELDS = [
  { field: 'min_price', label: 'Min price (USD)', placeholder: '0' },
  { field: 'max_price', label: 'Max price (USD)', placeholder: 'Any' },
] as const;

/** A filter's choices: "All …" first, then each value under its own name. */
function allThen(allLabel: string, values: readonly string[]): SelectOption[] {
  return [{ value: 'all', label: allLabel }, ...values.map((value) => ({ value, label: value }))];
}

interface Props {
  value: FilterState;
  options: FilterOptions;
  nearbyActive: boolean;
  /**
   * Applied filters, and how they changed: 'typing' while the visitor types (the keyword, a price), 'commit'
   * for a choice made (the page keeps one history entry per typing burst and one per choice).
   */
  onApply: (next: FilterState, change: FilterChange) => void;
  /** The page's 'Near me' control, placed in the bar next to the filters (features do not import each other). */
  nearMe?: ReactNode;
}

/**
 * The 'Event Search & Filters' panel as a compact search bar: the keyword box, then country, city, category,
 * date, price and sort as compact controls, and the active-filter chips. On phones the controls move into a
 * sheet behind a Filters button that shows how many filters are active. It edits a draft and hands applied
 * filters to the page.
 */
export function FilterPanel({ value, options, nearbyActive, onApply, nearMe }: Props) {
  const [draft, setDraft] = useState(value);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [datesSignal, setDatesSignal] = useState(0);
  const timer = useRef<number | undefined>(undefined);
  const keywordBox = useRef<HTMLInputElement>(null);
  const id = useId();

  // Applied filters can change from outside (chips, Clear All, nearby switching the sort): the draft follows
  // them in the same render.
  const [followed, setFollowed] = useState(value);
  if (followed !== value) {
    setFollowed(value);
    setDraft(value);
  }
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const applyNow = (next: FilterState, change: FilterChange = 'commit') => {
    window.clearTimeout(timer.current);
    setDraft(next);
    onApply(next, change);
  };
  const applyLater = (next: FilterState, change: FilterChange = 'commit') => {
    window.clearTimeout(timer.current);
    setDraft(next);
    timer.current = window.setTimeout(() => onApply(next, change), TEXT_FILTER_DEBOUNCE_MS);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    applyNow(draft);
  };

  const cities = citiesFor(options, draft.country);
  const chips = useMemo(() => activeChips(value), [value]);
  const price = priceSummary(draft.min_price, draft.max_price);
  const dates = dateRangeSummary(draft.start_date, draft.end_date);

  return (
    <section className="filter-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        Event Search &amp; Filters
      </h2>
      <form role="search" className="filter-panel__search" onSubmit={onSubmit}>
        <div className="filter-panel__keyword">
          <Icon name="search" className="filter-panel__keyword-icon" />
          <label htmlFor={`${id}-keyword`} className="visually-hidden">
            Keyword
          </label>
          <input
            ref={keywordBox}
            id={`${id}-keyword`}
            type="search"
            placeholder="Search events, venues, cities..."
            value={draft.keyword}
            onChange={(event) => applyLater({ ...draft, keyword: event.target.value }, 'typing')}
          />
        </div>
        <button type="submit" className="btn btn-primary filter-panel__submit">
          Search
        </button>
      </form>

      {/* Where, beside what: after Search on wide screens, before Filters on phones (the same order as Tab's). */}
      {nearMe && <div className="filter-panel__near-me">{nearMe}</div>}

      <div className="filter-panel__bar">
        <button
          type="button"
          className="filter-panel__sheet-toggle"
          aria-expanded={sheetOpen}
          aria-controls={`${id}-controls`}
          onClick={() => setSheetOpen(true)}
        >
          <Icon name="sliders" />
          Filters
          {chips.length > 0 && (
            <span className="count-badge" data-testid="active-filter-count">
              {chips.length}
              <span className="visually-hidden"> active</span>
            </span>
          )}
        </button>

        <FilterSheetFrame id={`${id}-controls`} open={sheetOpen} onClose={() => setSheetOpen(false)}>
          <SelectField
            id={`${id}-country`}
            label="Country"
            className="field field--compact filter-panel__country"
            value={draft.country}
            options={allThen('All countries', options.countries)}
            // Spec 01 §4: changing the country resets the city to all.
            onChange={(country) => applyLater({ ...draft, country, city: 'all' })}
          />
          <SelectField
            id={`${id}-city`}
            label="City"
            className="field field--compact filter-panel__city"
            value={draft.city}
            options={allThen('All cities', cities)}
            onChange={(city) => applyLater({ ...draft, city })}
          />
          <SelectField
            id={`${id}-category`}
            label="Category"
            className="field field--compact filter-panel__category"
            value={draft.category}
            options={allThen('All categories', options.categories)}
            onChange={(category) => applyLater({ ...draft, category })}
          />
          <SelectField
            id={`${id}-date`}
            label="Date"
            className="field field--compact filter-panel__date"
            value={draft.date_filter}
            options={DATE_OPTIONS}
            onChange={(value) => {
              const dateFilter = value as DateFilter;
              if (dateFilter === 'custom') setDatesSignal((signal) => signal + 1);
              applyNow({ ...draft, date_filter: dateFilter });
            }}
          />
          {draft.date_filter === 'custom' && (
            // The two dates share one compact control (a popover that opens as 'Custom dates' is chosen), so the
            // bar keeps one row with every control open; the phone sheet shows them in place.
            <div className="field field--compact filter-panel__dates">
              <span className="filter-panel__price-caption" aria-hidden="true">
                Dates
              </span>
              <Popover
                label={dates}
                ariaLabel={`Custom dates: ${dates}`}
                active={Boolean(draft.start_date || draft.end_date)}
                openSignal={datesSignal}
                className="filter-panel__dates-popover"
              >
                <div className="filter-panel__price-fields">
                  {DATE_FIELDS.map(({ field, label }) => (
                    <TextField
                      key={field}
                      id={`${id}-${field}`}
                      label={label}
                      className="field"
                      type="date"
                      value={draft[field]}
                      onChange={(value) => applyNow({ ...draft, [field]: value })}
                    />
                  ))}
                </div>
              </Popover>
            </div>
          )}
          <div className="field field--compact filter-panel__price">
            <span className="filter-panel__price-caption" aria-hidden="true">
              Price
            </span>
            <Popover
              label={price ?? 'Any price'}
              ariaLabel={`Price: ${price ?? 'Any price'}`}
              active={price !== undefined}
              className="filter-panel__price-popover"
            >
              <div className="filter-panel__price-fields">
                {PRICE_FIELDS.map(({ field, label, placeholder }) => (
                  <TextField
                    key={field}
                    id={`${id}-${field}`}
                    label={label}
                    className="field"
                    type="number"
                    min={0}
                    inputMode="decimal"
                    placeholder={placeholder}
                    value={draft[field]}
                    onChange={(value) => applyNow({ ...draft, [field]: value }, 'typing')}
                  />
                ))}
              </div>
            </Popover>
          </div>
          <div className="field field--compact filter-panel__sort-field">
            <label htmlFor={`${id}-sort`}>Sort by</label>
            <div className="filter-panel__sort">
              <select
                id={`${id}-sort`}
                value={draft.sort_by}
                onChange={(event) => applyLater({ ...draft, sort_by: event.target.value as SortBy })}
              >
                {sortOptions(nearbyActive || draft.sort_by === 'distance').map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn-icon filter-panel__order"
                aria-label={
                  draft.sort_order === 'asc'
                    ? 'Sort ascending (switch to descending)'
                    : 'Sort descending (switch to ascending)'
                }
                onClick={() => applyLater({ ...draft, sort_order: draft.sort_order === 'asc' ? 'desc' : 'asc' })}
              >
                <Icon name={draft.sort_order === 'asc' ? 'arrowUp' : 'arrowDown'} />
              </button>
            </div>
          </div>
        </FilterSheetFrame>
      </div>

      <ActiveChipList
        chips={chips}
        headingId={`${id}-chips`}
        searchBox={keywordBox}
        onRemove={(key) => applyNow(removeChip(value, key))}
        onClearAll={() => applyNow(clearAllFilters(value))}
      />
    </section>
  );
}
