import { useId, useState, type FormEvent } from 'react';
import { httpStatusOf, serverText } from '../../lib/support/request-error.ts';
import { useUpdateSubscriberMutation } from './api.ts';
import { savedFiltersPatch, savedFiltersDraftOf, type SavedFiltersDraft } from './saved-filters-rules.ts';
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

/** The subscription's saved search in words, with its filters editable (an empty field clears that filter). */
export function SavedFiltersEditor({ subscriber, categories, onChanged }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<SavedFiltersDraft>(() => savedFiltersDraftOf(subscriber));
  const [notice, setNotice] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const [update, call] = useUpdateSubscriberMutation();
  const set = (key: keyof SavedFiltersDraft, value: string) => setDraft((current) => ({ ...current, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = savedFiltersPatch(subscriber, draft);
    if ('problem' in outcome) return setNotice({ kind: 'error', text: outcome.problem });
    try {
      const next = await update({ id: subscriber.id, patch: outcome.patch }).unwrap();
      onChanged(next);
      setDraft(savedFiltersDraftOf(next));
      setNotice({ kind: 'info', text: 'Saved search updated' });
    } catch (failure) {
      const fallback = 'Could not save the search. Please try again.';
      setNotice({
        kind: 'error',
        text: (httpStatusOf(failure) !== undefined ? serverText(failure) : undefined) ?? fallback,
      });
    }
  };

  return (
    <section className="saved-filters" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Saved search</h4>
      <p className="saved-filters__words">
        {subscriber.search_description ?? '—'}
        {subscriber.search_url && (
          <>
            {' '}
            <a href={subscriber.search_url} target="_blank" rel="noreferrer">
              Open on site
            </a>
          </>
        )}
      </p>
      {notice && (
        <p
          className={notice.kind === 'error' ? 'error-text' : 'saved-filters__ok'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      <form className="subscriber-edit" onSubmit={save} noValidate>
        <div className="subscriber-edit__field">
          <label htmlFor={`${id}-keyword`}>Keyword</label>
          <input
            id={`${id}-keyword`}
            type="text"
            maxLength={200}
            value={draft.keyword}
            onChange={(event) => set('keyword', event.target.value)}
          />
        </div>
        <div className="subscriber-edit__field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select
            id={`${id}-category`}
            value={draft.category}
            onChange={(event) => set('category', event.target.value)}
          >
            <option value="">Any category</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </div>
        <div className="subscriber-edit__field">
          <label htmlFor={`${id}-min`}>Min price (USD)</label>
          <input
            id={`${id}-min`}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={draft.min_price}
            onChange={(event) => set('min_price', event.target.value)}
          />
        </div>
        <div className="subscriber-edit__field">
          <label htmlFor={`${id}-max`}>Max price (USD)</label>
          <input
            id={`${id}-max`}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={draft.max_price}
            onChange={(event) => set('max_price', event.target.value)}
          />
        </div>
        <div className="subscriber-edit__field">
          <label htmlFor={`${id}-date`}>Dates</label>
          <select
            id={`${id}-date`}
            value={draft.date_preset}
            onChange={(event) => set('date_preset', event.target.value)}
          >
            {PRESETS.map((preset) => (
              <option key={preset.value} value={preset.value}>
                {preset.label}
              </option>
            ))}
          </select>
        </div>
        <div className="subscriber-edit__save">
          <button type="submit" className="btn btn-primary" disabled={call.isLoading}>
            {call.isLoading ? 'Saving…' : 'Save search'}
          </button>
        </div>
      </form>
    </section>
  );
}
