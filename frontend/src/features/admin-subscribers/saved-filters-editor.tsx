import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { httpStatusOf, serverText } from '../../lib/support/request-error.ts';
import { useUpdateSubscriberMutation } from './api.ts';
import {
  problemOfServer,
  savedFiltersPatch,
  savedFiltersDraftOf,
  type CentreMode,
  type SavedFilterField,
  type SavedFilterProblems,
  type SavedFiltersDraft,
} from './saved-filters-rules.ts';
import type { AdminSubscriber } from './types.ts';

interface Props {
  subscriber: AdminSubscriber;
  categories: readonly string[];
  onChanged(subscriber: AdminSubscriber): void;
}

const PRESETS = [
  { value: '', label: 'Any day of the week' },
  { value: 'today', label: 'Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'this_week', label: 'This week' },
  { value: 'this_month', label: 'This month' },
] as const;

const SAVE_FAILED = 'Could not save the search. Please try again.';

/** "Berlin, Germany", or nothing when the subscription has no city (a centre of its own stands in). */
const cityOf = (subscriber: AdminSubscriber) =>
  [subscriber.city, subscriber.country].filter((part) => part?.trim()).join(', ');

/**
 * The subscription's saved search in words, with every filter editable: keyword, category, prices, dates and
 * the centre (the subscriber's city, or coordinates as the site's "near" keeps them). An empty field clears
 * its filter; a problem, the browser's or the server's, is shown beside the field it names.
 */
export function SavedFiltersEditor({ subscriber, categories, onChanged }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<SavedFiltersDraft>(() => savedFiltersDraftOf(subscriber));
  const [problems, setProblems] = useState<SavedFilterProblems>({});
  const [notice, setNotice] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const [update, call] = useUpdateSubscriberMutation();
  const set = (key: keyof SavedFiltersDraft, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setProblems(({ [key as SavedFilterField]: _fixed, ...rest }) => rest);
  };
  const city = cityOf(subscriber);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (call.isLoading) return;
    const outcome = savedFiltersPatch(subscriber, draft);
    if ('problems' in outcome) {
      setProblems(outcome.problems);
      setNotice(null);
      return;
    }
    if ('problem' in outcome) return setNotice({ kind: 'error', text: outcome.problem });
    setProblems({});
    setNotice(null);
    try {
      const next = await update({ id: subscriber.id, patch: outcome.patch }).unwrap();
      onChanged(next);
      setDraft(savedFiltersDraftOf(next));
      setNotice({ kind: 'info', text: 'Saved search updated' });
    } catch (failure) {
      const said = httpStatusOf(failure) !== undefined ? serverText(failure) : undefined;
      const beside = said ? problemOfServer(said) : null;
      if (beside) setProblems({ [beside.field]: beside.text });
      else setNotice({ kind: 'error', text: said ?? SAVE_FAILED });
    }
  };

  const field = (name: SavedFilterField, label: string, control: (props: FieldProps) => ReactNode) => {
    const problem = problems[name];
    const controlId = `${id}-${name}`;
    return (
      <div className="subscriber-edit__field">
        <label htmlFor={controlId}>{label}</label>
        {control({
          id: controlId,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': problem ? `${controlId}-problem` : undefined,
        })}
        {problem && (
          <p id={`${controlId}-problem`} className="error-text saved-filters__problem">
            {problem}
          </p>
        )}
      </div>
    );
  };
  const number =
    (name: 'min_price' | 'max_price' | 'latitude' | 'longitude', min?: number, max?: number) => (props: FieldProps) => (
      <input
        {...props}
        type="number"
        step="any"
        inputMode="decimal"
        min={min}
        max={max}
        value={draft[name]}
        onChange={(event) => set(name, event.target.value)}
      />
    );
  const chooseCentre = (mode: CentreMode) => set('centre', mode);
  const centreProblem = problems.centre;

  return (
    <section className="saved-filters" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Saved search</h4>
      <p className="saved-filters__words" data-testid="saved-filters-words">
        {subscriber.search_description ?? '—'}
      </p>
      {subscriber.search_url && (
        <p className="saved-filters__open">
          <a href={subscriber.search_url} target="_blank" rel="noreferrer">
            Open this search on the site
          </a>
        </p>
      )}
      {notice && (
        <p
          className={notice.kind === 'error' ? 'error-text' : 'saved-filters__ok'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      <form className="subscriber-edit" onSubmit={save} noValidate aria-label="Saved search filters">
        {field('keyword', 'Keyword', (props) => (
          <input
            {...props}
            type="text"
            maxLength={200}
            value={draft.keyword}
            onChange={(event) => set('keyword', event.target.value)}
          />
        ))}
        {field('category', 'Category', (props) => (
          <select {...props} value={draft.category} onChange={(event) => set('category', event.target.value)}>
            <option value="">Any category</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        ))}
        {field('min_price', 'Min price (USD)', number('min_price', 0))}
        {field('max_price', 'Max price (USD)', number('max_price', 0))}
        {field('date_preset', 'Dates', (props) => (
          <select {...props} value={draft.date_preset} onChange={(event) => set('date_preset', event.target.value)}>
            {PRESETS.map((preset) => (
              <option key={preset.value} value={preset.value}>
                {preset.label}
              </option>
            ))}
          </select>
        ))}

        <fieldset
          className="saved-filters__centre"
          aria-describedby={centreProblem ? `${id}-centre-problem` : `${id}-centre-hint`}
        >
          <legend>Centre</legend>
          <div className="saved-filters__choices">
            <label className="saved-filters__choice">
              <input
                type="radio"
                name={`${id}-centre`}
                value="city"
                checked={draft.centre === 'city'}
                onChange={() => chooseCentre('city')}
              />
              {city ? `The centre of ${city}` : 'The subscriber’s city'}
            </label>
            <label className="saved-filters__choice">
              <input
                type="radio"
                name={`${id}-centre`}
                value="point"
                checked={draft.centre === 'point'}
                onChange={() => chooseCentre('point')}
              />
              Coordinates
            </label>
          </div>
          {draft.centre === 'point' && (
            <div className="saved-filters__coordinates">
              {field('latitude', 'Latitude', number('latitude', -90, 90))}
              {field('longitude', 'Longitude', number('longitude', -180, 180))}
            </div>
          )}
          {centreProblem ? (
            <p id={`${id}-centre-problem`} className="error-text saved-filters__problem">
              {centreProblem}
            </p>
          ) : (
            <p id={`${id}-centre-hint`} className="subscriber-detail__hint">
              {draft.centre === 'point'
                ? `Decimal degrees, e.g. 52.52 and 13.405. The digest looks within ${subscriber.radius_km ?? '—'} km of this point (Radius above).`
                : `The digest looks within ${subscriber.radius_km ?? '—'} km of the city set above (City and Radius).`}
            </p>
          )}
        </fieldset>

        <div className="subscriber-edit__save">
          <button type="submit" className="btn btn-primary" disabled={call.isLoading}>
            {call.isLoading ? 'Saving…' : 'Save search'}
          </button>
        </div>
      </form>
    </section>
  );
}

interface FieldProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}
