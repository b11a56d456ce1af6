import { useId, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { DisclosureSection } from '../../components/disclosure-section/disclosure-section.tsx';
import { TextField } from '../../components/form-field/text-field.tsx';
import { showToast } from '../../components/toast/toast-slice.ts';
import { trackSignup } from '../../lib/analytics/ads-tag.ts';
import { subscribeApi } from './api.ts';
import { SuggestInput } from './suggest-input.tsx';
import { suggestCities, suggestCountries } from './suggestions.ts';
import {
  SUBSCRIBE_SUCCESS_INLINE,
  SUBSCRIBE_SUCCESS_TOAST,
  confirmStepText,
  subscriptionErrorMessage,
  validateSubscription,
  type SubscribeForm as FormValues,
} from './validation.ts';
import './subscribe-form.css';

interface Props {
  countries: readonly string[];
  cities: readonly string[];
  citiesByCountry: Readonly<Record<string, readonly string[]>>;
}

const EMPTY: FormValues = { email: '', name: '', country: '', city: '' };

type Status = 'idle' | 'submitting' | 'success' | 'error';

/** The collapsible 'Subscribe to updates' form (spec 01 "Subscribe form", §4, §5 and §8). */
export function SubscribeForm({ countries, cities, citiesByCountry }: Props) {
  const id = useId();
  const dispatch = useDispatch();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [confirmTo, setConfirmTo] = useState<string | null>(null);
  const [subscribe] = subscribeApi.useSubscribeMutation();

  const set = (field: keyof FormValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateSubscription(values);
    if (!checked.ok) {
      setStatus('error');
      setMessage(checked.message);
      return;
    }
    setStatus('submitting');
    setMessage(null);
    try {
      await subscribe(checked.payload).unwrap();
      setStatus('success');
      setMessage(SUBSCRIBE_SUCCESS_INLINE);
      setConfirmTo(checked.payload.email);
      setValues(EMPTY);
      setOpen(false);
      dispatch(showToast({ message: SUBSCRIBE_SUCCESS_TOAST, kind: 'success' }));
      trackSignup();
    } catch (error) {
      setStatus('error');
      setMessage(subscriptionErrorMessage(error));
    }
  };

  return (
    <DisclosureSection
      id={id}
      className="subscribe"
      toggleClassName="btn subscribe__toggle"
      toggle="Subscribe to updates"
      open={open}
      onOpenChange={setOpen}
    >
      {status === 'success' && message && (
        <div className="subscribe__done" role="status">
          <p className="subscribe__success">{message}</p>
          {confirmTo && <p className="subscribe__next-step">{confirmStepText(confirmTo)}</p>}
        </div>
      )}
      {open && (
        <form id={`${id}-form`} className="subscribe__form" noValidate onSubmit={onSubmit}>
          <TextField
            id={`${id}-email`}
            label="Email"
            className="field"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set('email')}
          />
          <TextField
            id={`${id}-name`}
            label="Name (optional)"
            className="field"
            type="text"
            autoComplete="name"
            value={values.name}
            onChange={set('name')}
          />
          <SuggestInput
            label="Country"
            required
            value={values.country}
            onChange={set('country')}
            suggestions={suggestCountries(countries, values.country)}
          />
          <SuggestInput
            label="City"
            required
            value={values.city}
            onChange={set('city')}
            suggestions={suggestCities(citiesByCountry, cities, values.country, values.city)}
          />
          <div className="subscribe__actions">
            <button type="submit" className="btn btn-primary" disabled={status === 'submitting'}>
              {status === 'submitting' ? 'Subscribing...' : 'Subscribe'}
            </button>
          </div>
          {status === 'error' && message && (
            <p className="error-text" role="alert">
              {message}
            </p>
          )}
        </form>
      )}
    </DisclosureSection>
  );
}
