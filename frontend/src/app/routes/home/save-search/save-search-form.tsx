import { useId, useState, type FormEvent } from 'react';
import { DisclosureSection } from '../../../../components/disclosure-section/disclosure-section.tsx';
import { TextField } from '../../../../components/form-field/text-field.tsx';
import type { FilterState } from '../../../../features/filters/filter-state.ts';
import { subscriptionErrorMessage } from '../../../../features/subscribe/validation.ts';
import { savedSearchApi } from './api.ts';
import { canSaveSearch, describeSavedSearch, hasPlace, savedSearchFields } from './saved-search.ts';
import './save-search-form.css';

interface Props {
  filters: FilterState;
  /** The token of the mail's edit link, when the visitor came to change a saved search. */
  editToken: string | null;
}

type Status = 'idle' | 'submitting' | 'saved' | 'error';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Asked for when the search names no place: the digest needs one. */
const PLACE_FIELDS = [
  { part: 'country', label: 'Country' },
  { part: 'city', label: 'City' },
] as const;

/**
 * "Save this search": whenever the home search has a keyword or a filter, a small form turns it into a weekly
 * digest of just those events (double opt-in: the mail's Confirm starts it). From a digest's edit link the same
 * form changes that saved search instead.
 */
export function SaveSearchForm({ filters, editToken }: Props) {
  const id = useId();
  const [open, setOpen] = useState(editToken !== null);
  const [email, setEmail] = useState('');
  const [place, setPlace] = useState({ country: '', city: '' });
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [save] = savedSearchApi.useSaveSearchMutation();
  const [update] = savedSearchApi.useUpdateSavedSearchMutation();

  // A message about what was typed goes once the visitor changes it; it would otherwise still say "not valid".
  const edited = () => {
    if (status !== 'error') return;
    setStatus('idle');
    setMessage(null);
  };

  if (!canSaveSearch(filters) && editToken === null) return null;
  const fields = savedSearchFields(filters);
  const needsPlace = !hasPlace(fields) && editToken === null;
  const words = describeSavedSearch(needsPlace && place.city.trim() ? { ...fields, city: place.city.trim() } : fields);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (editToken === null && !EMAIL.test(email.trim())) {
      setStatus('error');
      setMessage('Please enter a valid email.');
      return;
    }
    if (needsPlace && (!place.country.trim() || !place.city.trim())) {
      setStatus('error');
      setMessage('Country and City are required.');
      return;
    }
    setStatus('submitting');
    setMessage(null);
    try {
      if (editToken !== null) {
        await update({ token: editToken, ...fields }).unwrap();
        setMessage(`Saved search updated: “${words}”. The next weekly digest follows it.`);
      } else {
        const where = needsPlace ? { country: place.country.trim(), city: place.city.trim() } : {};
        await save({ email: email.trim(), ...fields, ...where }).unwrap();
        setMessage(
          `Almost done! Open the mail we sent to ${email.trim()} and press Confirm to get “${words}” every week.`,
        );
        setEmail('');
      }
      setStatus('saved');
    } catch (error) {
      setStatus('error');
      setMessage(subscriptionErrorMessage(error));
    }
  };

  return (
    <DisclosureSection
      id={id}
      className="save-search"
      toggleClassName="btn save-search__toggle"
      toggle={
        <>
          <svg className="save-search__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0"
            />
          </svg>
          {editToken !== null ? 'Edit saved search' : 'Save this search'}
        </>
      }
      open={open}
      onOpenChange={setOpen}
    >
      {open && (
        <form
          id={`${id}-form`}
          className="save-search__form"
          noValidate
          onSubmit={onSubmit}
          aria-describedby={`${id}-words`}
        >
          <p id={`${id}-words`} className="save-search__words">
            <span className="save-search__label">{editToken !== null ? 'Change it to' : 'Weekly digest of'}</span>{' '}
            <strong data-testid="saved-search-words">{words}</strong>
          </p>
          {editToken === null && (
            <TextField
              id={`${id}-email`}
              label="Email"
              className="field save-search__email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(value) => {
                setEmail(value);
                edited();
              }}
            />
          )}
          {needsPlace && (
            <div className="save-search__place">
              {PLACE_FIELDS.map(({ part, label }) => (
                <TextField
                  key={part}
                  id={`${id}-${part}`}
                  label={label}
                  className="field"
                  type="text"
                  required
                  value={place[part]}
                  onChange={(value) => {
                    setPlace((p) => ({ ...p, [part]: value }));
                    edited();
                  }}
                />
              ))}
            </div>
          )}
          <div className="save-search__actions">
            <button type="submit" className="btn btn-primary" disabled={status === 'submitting'}>
              {status === 'submitting' ? 'Saving...' : editToken !== null ? 'Update search' : 'Save search'}
            </button>
          </div>
          {filters.date_filter === 'custom' && (
            <p className="save-search__note">Custom dates are not kept: each digest covers the coming week.</p>
          )}
          {status === 'error' && message && (
            <p className="error-text" role="alert">
              {message}
            </p>
          )}
        </form>
      )}
      {status === 'saved' && message && (
        <p className="save-search__done" role="status">
          {message}
        </p>
      )}
    </DisclosureSection>
  );
}
