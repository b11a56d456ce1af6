import { useId, useState, type FormEvent } from 'react';
import { PARTNERSHIP_TYPES, useSendPartnershipRequestMutation, type PartnershipType } from './api.ts';
import { partnershipErrorMessage } from './messages.ts';
import { HoneypotField } from '../../components/honeypot-field/honeypot-field.tsx';

interface Values {
  company: string;
  contact_name: string;
  email: string;
  phone: string;
  website: string;
  partnership_type: PartnershipType;
  message: string;
  fax: string;
}

const EMPTY: Values = {
  company: '',
  contact_name: '',
  email: '',
  phone: '',
  website: '',
  partnership_type: 'event_organizer',
  message: '',
  fax: '',
};

/** Optional fields are sent only when filled. */
const optional = (name: 'phone' | 'website' | 'message', value: string) =>
  value.trim() ? { [name]: value.trim() } : {};

/** Spec 02 §5 "Partnership form": company, contact name, e-mail and type required; phone, website, message optional. */
export function PartnerForm({ onSent }: { onSent(): void }) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading }] = useSendPartnershipRequestMutation();

  const field = (name: keyof Values) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setError(null);
    try {
      await send({
        company: values.company.trim(),
        contact_name: values.contact_name.trim(),
        email: values.email.trim(),
        partnership_type: values.partnership_type,
        ...optional('phone', values.phone),
        ...optional('website', values.website),
        ...optional('message', values.message),
        fax: values.fax,
      }).unwrap();
      setValues(EMPTY);
      onSent();
    } catch (failure) {
      setError(partnershipErrorMessage(failure));
    }
  };

  return (
    <form className="partner-form text-fields" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Become a partner</h2>
      <p className="partner-form__lead">
        Tell us about your business and we will get in touch. Fields marked * are required.
      </p>
      <div className="partner-form__grid">
        <div className="partner-field">
          <label htmlFor={`${id}-company`}>Company Name *</label>
          <input type="text" autoComplete="organization" required maxLength={200} {...field('company')} />
        </div>
        <div className="partner-field">
          <label htmlFor={`${id}-contact_name`}>Contact Name *</label>
          <input type="text" autoComplete="name" required maxLength={120} {...field('contact_name')} />
        </div>
        <div className="partner-field">
          <label htmlFor={`${id}-email`}>Email *</label>
          <input type="email" autoComplete="email" required maxLength={254} {...field('email')} />
        </div>
        <div className="partner-field">
          <label htmlFor={`${id}-phone`}>Phone</label>
          <input type="tel" autoComplete="tel" maxLength={40} {...field('phone')} />
        </div>
        <div className="partner-field">
          <label htmlFor={`${id}-website`}>Website</label>
          <input type="url" autoComplete="url" placeholder="https://" maxLength={500} {...field('website')} />
        </div>
        <div className="partner-field">
          <label htmlFor={`${id}-partnership_type`}>Partnership Type *</label>
          <select required {...field('partnership_type')}>
            {PARTNERSHIP_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </div>
        <div className="partner-field partner-form__wide">
          <label htmlFor={`${id}-message`}>Message</label>
          <textarea rows={5} maxLength={5000} placeholder="What would you like to do together?" {...field('message')} />
        </div>
      </div>
      <HoneypotField label="Fax" input={field('fax')} />
      {error && (
        <p className="partner-form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary partner-form__submit" disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Send Partnership Request'}
      </button>
    </form>
  );
}
